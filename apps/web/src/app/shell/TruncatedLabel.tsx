import { Tooltip } from 'antd';

export const MENU_TEXT_LIMIT = 18;

/** Menu text cut at 18 characters with the full text in a tooltip. */
export function TruncatedLabel({ text }: { text: string }) {
  const chars = Array.from(text);
  if (chars.length <= MENU_TEXT_LIMIT) return <span>{text}</span>;
  return (
    <Tooltip title={text} placement="right">
      <span>{`${chars.slice(0, MENU_TEXT_LIMIT).join('')}…`}</span>
    </Tooltip>
  );
}
