import type * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'

/** The frame of the screens reached without a session: sign-in, forgotten password, reset link. */
export function SignInCard({ title, description, children }: { title: string; description?: React.ReactNode; children: React.ReactNode }) {
  return (
    <main className="grid min-h-dvh place-items-center bg-navy-50 px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <img src="/brand/logo-mark.svg" alt="" width={40} height={40} className="mb-2" />
          <h1 className="text-xl font-semibold">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  )
}
