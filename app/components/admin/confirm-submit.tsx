import { useRef, useState } from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../ui/alert-dialog'
import { Button, buttonVariants } from '../ui/button'

/**
 * A form's submit button that asks first. Without JavaScript it submits at once, as the form always
 * did (a dialog needs a script); once the page runs, a click opens an alert dialog saying what will
 * happen, and confirming submits the form with this button's name and value. Cancel and Escape
 * close it, and the focus goes back to the button.
 */
export function ConfirmSubmit({
  question,
  consequence,
  confirm,
  destructive = false,
  ...button
}: {
  question: string
  consequence: React.ReactNode
  /** The confirming button's words ("Publish", "Restore"). */
  confirm: string
  destructive?: boolean
} & React.ComponentProps<typeof Button>) {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={trigger}
        type="submit"
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
        {...button}
      />
      <AlertDialog open={open} onOpenChange={setOpen}>
        {/* Without a Radix trigger, the focus is sent back to the button by hand. */}
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            trigger.current?.focus()
          }}
        >
          <AlertDialogTitle>{question}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">{consequence}</div>
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className={destructive ? undefined : buttonVariants()}
              onClick={() => trigger.current?.form?.requestSubmit(trigger.current)}
            >
              {confirm}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}
