import { Suspense, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/Can';

export interface PlaceOrderButtonProps {
  /** The permission to place an order of the kind (`<menu>.add`). */
  code: string;
  labelKey: string;
  /** The form, loaded when it opens; `close` shuts it. */
  form: (close: () => void) => ReactNode;
}

/** An order list's "Place order" button and the form it opens (docs/web-kits.md, "Order kinds"). */
export function PlaceOrderButton({ code, labelKey, form }: PlaceOrderButtonProps) {
  const { t } = useTranslation();
  const [placing, setPlacing] = useState(false);
  return (
    <>
      <Can code={code}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setPlacing(true)}>
          {t(labelKey)}
        </Button>
      </Can>
      <Suspense fallback={null}>{placing && form(() => setPlacing(false))}</Suspense>
    </>
  );
}
