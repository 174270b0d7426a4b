import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useFocusOnMount } from '../lib/use-focus-on-mount.ts';
import styles from './confirm-dialog.module.css';

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
export function ConfirmDialog(props: ConfirmDialogProps) {
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
            <SafeAnswer label={props.cancelLabel} onPress={props.onCancel} />
            <Button className="button button-secondary" onPress={props.onConfirm}>
              {props.confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** "Cancel": it has the focus when the dialog opens, so Enter keeps what the person had. */
function SafeAnswer({ label, onPress }: { label: string; onPress(): void }) {
  const ref = useFocusOnMount<HTMLButtonElement>();
  return (
    <Button ref={ref} className="button button-primary" onPress={onPress}>
      {label}
    </Button>
  );
}
