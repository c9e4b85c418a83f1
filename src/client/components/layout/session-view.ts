/** What the header needs to know about the visitor; the route maps the session onto it. */
export type SessionView =
  | { readonly status: 'loading' }
  | { readonly status: 'signed-out' }
  | { readonly status: 'signed-in'; readonly email: string; readonly isAdmin: boolean };
