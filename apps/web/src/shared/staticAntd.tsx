import { ConfigProvider } from 'antd';
import Modal from 'antd/es/modal';
import { AntdTheme } from './AntdTheme';

// Static dialogs render inside the app's theme, locale and direction.
ConfigProvider.config({ holderRender: (children) => <AntdTheme>{children}</AntdTheme> });

export { Modal };
