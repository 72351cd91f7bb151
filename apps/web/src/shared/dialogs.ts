import type { ModalFuncProps } from 'antd';

/**
 * Opens an antd confirm or warning dialog, loading the dialog code on first use.
 *
 * The dialog opens and closes without antd's zoom and fade: the static dialog is taken off the page
 * only when its closing animation reports its end, and after an OK that waited for the server (a
 * detail page's step, whose page then redraws its title bar) that report at times never came, so
 * the closed dialog stayed over the page and took every click (docs/web-kits.md, "The frame").
 */
export async function openDialog(kind: 'confirm' | 'warning' | 'success', config: ModalFuncProps): Promise<void> {
  const { Modal } = await import('./staticAntd');
  Modal[kind]({ transitionName: '', maskTransitionName: '', ...config });
}
