import { ServerErrorPage } from './ServerErrorPage';

/** A page that failed to load or render (e.g. a chunk missing after a deploy) is a server-side fault to the user. */
export function RouteErrorPage() {
  return <ServerErrorPage />;
}
