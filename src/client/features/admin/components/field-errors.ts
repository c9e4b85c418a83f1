import { ApiError } from '~/lib/api-client';
import { toastError, toastSuccess } from '~/lib/notify';

/**
 * The first message of each field the server refused, for an admin form to show beside its fields;
 * a refusal of no field in particular becomes a toast.
 */
export function fieldErrorsOf(error: Error): Record<string, string> {
  const fields = error instanceof ApiError ? error.fieldErrors : {};
  const shown = Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages[0] ?? '']));
  if (Object.keys(shown).length === 0) toastError(error.message);
  return shown;
}

/**
 * What an admin editor does with the server's answer: on success the answer's toast and `onDone`
 * (the editor closes); on a refusal the fields' messages (or a toast).
 */
export function editorOutcome(
  setErrors: (errors: Record<string, string>) => void,
  onDone: () => void,
): { onSuccess: (answer: { message: string }) => void; onError: (error: Error) => void } {
  return {
    onSuccess: (answer) => {
      toastSuccess(answer.message);
      onDone();
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  };
}
