import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '~/components/ui/card';

interface AuthCardProps {
  readonly title: string;
  readonly description: ReactNode;
  readonly children: ReactNode;
  readonly footer?: ReactNode;
  /** The picture above the title; a shield unless said. */
  readonly icon?: ReactNode;
}

/** The centred card every sign-in and account screen sits in. */
export function AuthCard({ title, description, children, footer, icon }: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-6 px-4 py-12 sm:py-16">
      <Card className="w-full shadow-lg shadow-primary/5">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            {icon ?? <ShieldCheck aria-hidden className="size-6" />}
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <CardDescription className="text-balance">{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? <CardFooter className="justify-center text-sm text-muted-foreground">{footer}</CardFooter> : null}
      </Card>
    </div>
  );
}
