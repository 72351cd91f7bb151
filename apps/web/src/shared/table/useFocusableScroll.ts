import { useEffect, useRef } from 'react';

/**
 * A table wider than its panel scrolls sideways; keyboard users must be able to focus that
 * region to scroll it (WCAG 2.1.1), and antd gives it no tabindex of its own.
 */
export function useFocusableScroll(active: boolean, label: string) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root || !active) return;
    const mark = () => {
      for (const region of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        region.tabIndex = 0;
        region.setAttribute('role', 'region');
        region.setAttribute('aria-label', label);
      }
    };
    mark();
    // antd re-creates the scroll container when the data switches between empty and filled.
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [active, label]);
  return ref;
}
