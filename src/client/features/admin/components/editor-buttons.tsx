import { Plus, Save } from 'lucide-react';
import { Button } from '~/components/ui/button';

interface EditorButtonsProps {
  /** Changing a record (Save changes and Cancel), or adding one (`addLabel`). */
  readonly editing: boolean;
  readonly addLabel: string;
  readonly pending: boolean;
  readonly onCancel: () => void;
}

/** The submit (and, while changing a record, Cancel) buttons of the admin area's add-or-change forms. */
export function EditorButtons({ editing, addLabel, pending, onCancel }: EditorButtonsProps) {
  return (
    <div className="flex items-end gap-2 sm:col-span-2">
      <Button type="submit" disabled={pending}>
        {editing ? <Save aria-hidden /> : <Plus aria-hidden />}
        {editing ? 'Save changes' : addLabel}
      </Button>
      {editing ? (
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
