import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import styles from './confirm-dialog.module.css';
import { InitialFocusButton } from './initial-focus-button.tsx';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal question with two answers. Focus is trapped inside and returns where it was; Escape
 * and a click outside mean "cancel", the answer that loses nothing.
 */
export function ConfirmDialogView(props: ConfirmDialogProps) {
  return (
    <ModalOverlay
      className={styles.overlay}
      isOpen={props.isOpen}
      isDismissable
      onOpenChange={(open) => !open && props.onCancel()}
    >
      <Modal className={styles.modal}>
        <Dialog role="alertdialog" className={styles.dialog}>
          <Heading slot="title" className={styles.title}>
            {props.title}
          </Heading>
          <p>{props.message}</p>
          <div className={styles.actions}>
            {/* "Cancel" has the focus when the dialog opens, so Enter keeps what the person had. */}
            <InitialFocusButton className="button button-primary" onPress={props.onCancel}>
              {props.cancelLabel}
            </InitialFocusButton>
            <Button className="button button-secondary" onPress={props.onConfirm}>
              {props.confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
