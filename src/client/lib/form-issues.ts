import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Where a message about the whole form (not one field) is kept. */
export const FORM_ERROR = 'root.form' as const;

/**
 * Puts each schema issue under its field (first issue per field wins) and an issue about
 * the whole form under root.form; the first invalid field gets the focus.
 */
export function showIssues<Values extends FieldValues>(
  issues: readonly Issue[],
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): void {
  const shown = new Set<string>();
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    const key = field ?? FORM_ERROR;
    if (shown.has(key)) continue;
    setError(
      key,
      { type: 'validation', message: issue.message },
      { shouldFocus: field !== undefined && shown.size === 0 },
    );
    shown.add(key);
  }
}

const UNEXPECTED_MESSAGE = 'Something went wrong. Please try again.';

/** Shows a failed submission: the server's per-field messages on their fields, the rest above the form. */
export function showSubmitError<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
  fieldForCode: Readonly<Record<string, Path<Values>>> = {},
): void {
  if (!(error instanceof ApiError)) {
    setError(FORM_ERROR, { type: 'server', message: UNEXPECTED_MESSAGE });
    return;
  }
  const codeField = fieldForCode[error.code];
  if (codeField) {
    setError(codeField, { type: 'server', message: error.message }, { shouldFocus: true });
    return;
  }
  const fieldIssues = Object.entries(error.fieldErrors).flatMap(([path, messages]) =>
    messages.slice(0, 1).map((message) => ({ path: [path], message })),
  );
  const known = fieldIssues.filter((issue) => fields.some((name) => name === issue.path[0]));
  if (known.length > 0) showIssues(known, fields, setError);
  else setError(FORM_ERROR, { type: 'server', message: error.message || UNEXPECTED_MESSAGE });
}
