import { render, screen } from '@testing-library/react';
import { PasswordStrength } from './password-strength';

/** The first estimate waits for the dictionaries to load (lazily, as in the browser). */
const LOAD = { timeout: 30_000 };

describe('PasswordStrength', () => {
  it('shows nothing until a password is typed', () => {
    const { container } = render(<PasswordStrength password="" />);
    expect(container.innerHTML).toBe('');
  });

  it('calls a common password very weak, with the reason', async () => {
    render(<PasswordStrength password="password" />);
    expect(await screen.findByText('Password strength: Very weak', {}, LOAD)).toBeTruthy();
    expect(screen.getByText('This is a heavily used password.')).toBeTruthy();
  });

  it('calls a long unusual passphrase strong', async () => {
    render(<PasswordStrength password="velvet-otter juggles 47 quiet lanterns" />);
    expect(await screen.findByText('Password strength: Strong', {}, LOAD)).toBeTruthy();
  });

  it('counts the person’s own name as easy to guess', async () => {
    const { rerender } = render(<PasswordStrength password="Zebulon Quartermaine" />);
    const alone = await screen.findByText(/Password strength:/, {}, LOAD);
    const before = alone.textContent;
    rerender(<PasswordStrength password="Zebulon Quartermaine" userInputs={['Zebulon Quartermaine']} />);
    expect(await screen.findByText('Password strength: Very weak', {}, LOAD)).toBeTruthy();
    expect(before).not.toBe('Password strength: Very weak');
  });
});
