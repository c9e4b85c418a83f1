/** A slim indeterminate bar at the top of the window while the next page loads. */
export function RouteProgress({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary/20 animate-in fade-in-0 duration-300"
    >
      <div className="h-full w-full origin-left animate-progress bg-primary" />
    </div>
  );
}
