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

/**
 * A trash-can button that asks first. `question` is the dialog's title (the product's wording where
 * it has one), `itemName` names the row for screen readers, and `onConfirm` does the deleting.
 */
export function ConfirmDeleteButton({
  question,
  itemName,
  consequence,
  disabled = false,
  onConfirm,
}: {
  question: string
  itemName: string
  consequence: string
  disabled?: boolean
  onConfirm: () => void
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="icon" disabled={disabled} aria-label={`Delete ${itemName}`} title="Delete" className="text-destructive">
          <Trash2 aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{question}</AlertDialogTitle>
        <AlertDialogDescription>{consequence}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
