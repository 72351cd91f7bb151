import { Card, Empty, Flex, Image, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileApi } from '@swap/contracts';
import { ErrorState } from '../../shared/StateView';
import { useFileUrl } from '../../shared/useFileUrl';

/** One identity document of a merchant or an application: the stored image, or why it is not shown. */
export function StoredImage({ fileId, label }: { fileId: number | null; label: string }) {
  const { t } = useTranslation();
  const file = useFileUrl(fileApi.download, fileId);
  let body;
  if (fileId === null) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('merchant.noImage')} />;
  else if (file.failed) body = <ErrorState title={t('merchant.imageFailed')} onRetry={file.retry} />;
  else if (!file.url) body = <Spin description={t('common.loading')} />;
  else body = <Image src={file.url} alt={label} width={220} height={140} style={{ objectFit: 'cover' }} />;
  return (
    <Card size="small" title={label} className="merchant-image-card">
      <Flex justify="center" align="center" style={{ minHeight: 150 }}>
        {body}
      </Flex>
    </Card>
  );
}
