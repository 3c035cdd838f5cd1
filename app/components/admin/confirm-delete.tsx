import { Trash2 } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../ui/alert-dialog'
import { Button } from '../ui/button'

/** Why a row cannot be deleted now, said in place of the question (the server refuses it too). */
export interface DeleteRefusal {
  title: string
  body: React.ReactNode
}

/**
 * A trash-can button that asks first. `question` is the dialog's title (the product's wording where
 * it has one), `itemName` names the row for screen readers, and `onConfirm` does the deleting. With
 * a `refusal` the dialog only says why not, and closes.
 */
export function ConfirmDeleteButton({
  question,
  itemName,
  consequence,
  refusal,
  disabled = false,
  onConfirm,
}: {
  question: string
  itemName: string
  consequence: string
  refusal?: DeleteRefusal | null
  disabled?: boolean
  onConfirm: () => void
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          disabled={disabled}
          aria-label={`Delete ${itemName}`}
          title="Delete"
          className="text-destructive"
        >
          <Trash2 aria-hidden />
        </Button>
      </AlertDialogTrigger>
      {refusal ? (
        <AlertDialogContent>
          <AlertDialogTitle>{refusal.title}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">{refusal.body}</div>
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Close</AlertDialogCancel>
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : (
        <AlertDialogContent>
          <AlertDialogTitle>{question}</AlertDialogTitle>
          <AlertDialogDescription>{consequence}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      )}
    </AlertDialog>
  )
}
