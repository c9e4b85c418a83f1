import { Home } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/not-found';
import { Button } from '~/components/ui/button';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Page Not Found') },
  { name: 'description', content: 'The page you are looking for does not exist.' },
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn('404: no route for', pathname);
  }, [pathname]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center sm:py-28">
      <h1 className="flex flex-col items-center gap-3">
        <span className="bg-gradient-to-b from-primary to-primary/60 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent sm:text-9xl">
          404
        </span>{' '}
        <span className="text-2xl font-bold tracking-tight sm:text-3xl">Oops! Page not found</span>
      </h1>
      <p className="mt-4 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <Home aria-hidden />
          Return to Home
        </Link>
      </Button>
    </div>
  );
}
