import { lazy, Suspense } from 'react';

const MenuIconOf = lazy(() => import('./menuIcons'));

/** The room an icon takes while the icons' chunk arrives, so the labels beside it do not move. */
const room = <span className="anticon" aria-hidden="true" style={{ width: '1em', height: '1em' }} />;

/**
 * The icon of a centre or menu group. The sidebar shows every group, so every icon the menu tree
 * names would load with every signed-in page: they come in one chunk of their own instead, fetched
 * beside the page rather than before it, and drawn once it is there (docs/scaling.md, "Web bundle").
 */
export function MenuIcon({ name }: { name: string }) {
  return (
    <Suspense fallback={room}>
      <MenuIconOf name={name} />
    </Suspense>
  );
}
