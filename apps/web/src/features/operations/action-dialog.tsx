import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import dialogStyles from '../../ui/confirm-dialog.module.css';
import styles from './operations.module.css';

export interface ActionDialogProps {
  isOpen: boolean;
  title: string;
  /** What the action does, said before the fields. */
  text: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onSubmit(): void;
  onCancel(): void;
  children?: ReactNode;
}

/**
 * A console action's confirmation: what it does, its fields (the reason at least), and the
 * button that sends it. Labelled by its title; focus stays inside and goes back to the button
 * that opened it; Escape cancels.
 */
export function ActionDialog(props: ActionDialogProps) {
  const { t } = useTranslation('operations');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.busy) props.onSubmit();
  };
  return (
    <ModalOverlay
      className={dialogStyles.overlay}
      isOpen={props.isOpen}
      isDismissable={!props.busy}
      onOpenChange={(open) => !open && props.onCancel()}
    >
      <Modal className={dialogStyles.modal}>
        <Dialog className={`${dialogStyles.dialog} ${styles.dialogScroll}`}>
          <form noValidate onSubmit={submit}>
            <Heading slot="title" className={dialogStyles.title}>
              {props.title}
            </Heading>
            <div>{props.text}</div>
            {props.children}
            <div className={dialogStyles.actions}>
              <button type="submit" className="button button-primary" aria-disabled={props.busy}>
                {props.busy ? t('common.working') : props.confirmLabel}
              </button>
              <button type="button" className="button button-secondary" onClick={props.onCancel}>
                {t('common.cancel')}
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
