import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text.tsx';

describe('RichText', () => {
  it('turns the named tags into their elements, keeping the words around them', () => {
    const { container } = render(
      <p>
        <RichText
          text="<strong>Demo:</strong> mail goes to the <mailbox>sandbox mailbox</mailbox>."
          components={{ strong: <strong />, mailbox: <a href="/sandbox/mailbox" /> }}
        />
      </p>,
    );
    expect(container.querySelector('strong')).toHaveTextContent('Demo:');
    expect(screen.getByRole('link', { name: 'sandbox mailbox' })).toHaveAttribute(
      'href',
      '/sandbox/mailbox',
    );
    expect(container).toHaveTextContent('Demo: mail goes to the sandbox mailbox.');
  });

  it('leaves unknown tags and markup in a value as plain text', () => {
    const { container } = render(
      <p>
        <RichText
          text="With <partner>Acme <img src=x onerror=alert(1)></partner> and <em>x</em>"
          components={{ partner: <strong /> }}
        />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('em')).toBeNull();
    expect(container).toHaveTextContent(
      'With <partner>Acme <img src=x onerror=alert(1)></partner> and <em>x</em>',
    );
  });
});
