import type { FormEvent, ReactNode, RefObject } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';

interface EditorCardProps {
  /** The card's title, and the form's accessible name. */
  readonly title: string;
  readonly description: ReactNode;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  readonly formRef?: RefObject<HTMLFormElement | null>;
  /** False while what the form needs still loads (a placeholder stands in for it). */
  readonly ready?: boolean;
  /** The form's fields and buttons, two columns from small screens up. */
  readonly children: ReactNode;
  /** Shown under the form (a preview of what it would do). */
  readonly after?: ReactNode;
}

/** The admin area's editor: a card with its title and what it changes, and the form named after it. */
export function EditorCard({ title, description, onSubmit, formRef, ready = true, children, after }: EditorCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {ready ? (
          <form ref={formRef} aria-label={title} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
            {children}
          </form>
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
        {after}
      </CardContent>
    </Card>
  );
}
