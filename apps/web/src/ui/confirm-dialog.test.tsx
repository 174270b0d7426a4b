import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Asking({ onConfirm }: { onConfirm(): void }) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        Cancel this transfer
      </button>
      {asking && (
        <ConfirmDialog
          isOpen
          title="Cancel this transfer?"
          message="The institution will not be asked."
          confirmLabel="Yes, cancel it"
          cancelLabel="Keep it"
          onConfirm={onConfirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('gives the focus to the answer that keeps, when opened from the keyboard', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} />);
    const trigger = screen.getByRole('button', { name: 'Cancel this transfer' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this transfer?' });
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();

    // Enter keeps; the dialog closes and the focus goes back where it was.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with the other answer, reached by Tab', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Asking onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Cancel this transfer' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Tab}{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
