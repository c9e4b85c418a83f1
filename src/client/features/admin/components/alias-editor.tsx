import { useState, type FormEvent } from 'react';
import {
  ALIAS_TARGET_LABELS,
  ALIAS_TYPE_NAMES,
  type AliasInput,
  type AliasType,
} from '../../../../domain/admin-aliases';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { TextField } from '~/components/ui/text-field';
import { ApiError } from '~/lib/api-client';
import { type AliasChange, useAliasChange } from '../api/admin-api';
import { EditorButtons } from './editor-buttons';
import { toastError, toastSuccess } from '~/lib/notify';

interface AliasEditorProps {
  readonly type: AliasType;
  /** The alias being changed; null to add a new one. */
  readonly editing: AliasInput | null;
  readonly onDone: () => void;
}

type FieldName = 'alias' | 'target' | 'country_code';

/** Adds an alias of the chosen type, or changes the one picked in the list. */
export function AliasEditor({ type, editing, onDone }: AliasEditorProps) {
  const change = useAliasChange();
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const alias: AliasInput = {
      type,
      alias: String(data.get('alias') ?? ''),
      target: String(data.get('target') ?? ''),
      country_code: type === 'carrier' ? String(data.get('country_code') ?? '').trim() || null : null,
    };
    const request: AliasChange = editing ? { kind: 'edit', from: editing, to: alias } : { kind: 'add', alias };
    setErrors({});
    change.mutate(request, {
      onSuccess: (answer) => {
        toastSuccess(answer.message);
        form.reset();
        onDone();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors : {};
        const shown = Object.fromEntries(
          Object.entries(fields).map(([key, messages]) => [key.replace(/^to\./, ''), messages[0] ?? '']),
        );
        setErrors(shown);
        if (Object.keys(shown).length === 0) toastError(error.message);
      },
    });
  }

  const title = editing ? `Change “${editing.alias}”` : `Add a ${ALIAS_TYPE_NAMES[type].toLowerCase()} alias`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          Aliases are compared without case, spaces, punctuation or accents. A change reaches every quote at once.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          aria-label={title}
          onSubmit={submit}
          // A new alias or a different one to change starts from its own values.
          key={editing ? `${editing.alias}|${editing.target}|${editing.country_code ?? ''}` : `new-${type}`}
          className="grid gap-4 sm:grid-cols-2"
        >
          <TextField
            label="Alias"
            name="alias"
            autoComplete="off"
            // Picking an alias to change moves the keyboard to its form.
            autoFocus={editing !== null}
            defaultValue={editing?.alias ?? ''}
            error={errors.alias}
          />
          <TextField
            label={ALIAS_TARGET_LABELS[type]}
            name="target"
            autoComplete="off"
            defaultValue={editing?.target ?? ''}
            error={errors.target}
          />
          {type === 'carrier' ? (
            <TextField
              label="Only in country (code, optional)"
              name="country_code"
              autoComplete="off"
              maxLength={3}
              defaultValue={editing?.country_code ?? ''}
              error={errors.country_code}
            />
          ) : null}
          <EditorButtons editing={editing !== null} addLabel="Add alias" pending={change.isPending} onCancel={onDone} />
        </form>
      </CardContent>
    </Card>
  );
}
