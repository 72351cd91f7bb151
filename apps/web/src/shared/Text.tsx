import type { HTMLAttributes } from 'react';
import { theme } from 'antd';

/**
 * A run of text in the theme's secondary colour, or strong. antd's Typography.Text brings its copy,
 * edit and ellipsis code (about 10 KB gzipped) to every page that shows one; a page that needs
 * none of that uses this (docs/scaling.md, "Web bundle").
 */
export function Text({ type, strong, style, ...rest }: HTMLAttributes<HTMLSpanElement> & { type?: 'secondary'; strong?: boolean }) {
  const { token } = theme.useToken();
  return (
    <span
      {...rest}
      style={{
        ...(type === 'secondary' ? { color: token.colorTextSecondary } : {}),
        ...(strong ? { fontWeight: token.fontWeightStrong } : {}),
        ...style,
      }}
    />
  );
}
