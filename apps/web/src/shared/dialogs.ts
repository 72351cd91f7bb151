import type { ModalFuncProps } from 'antd';

/** Opens an antd confirm or warning dialog, loading the dialog code on first use. */
export async function openDialog(kind: 'confirm' | 'warning' | 'success', config: ModalFuncProps): Promise<void> {
  const { Modal } = await import('./staticAntd');
  Modal[kind](config);
}
