import { act, render, screen } from '@testing-library/react';
import { $browserLanguages } from '../i18n/language';
import { PasswordStrength } from './password-strength';

/** The first estimate waits for the dictionaries to load (lazily, as in the browser). */
const LOAD = { timeout: 30_000 };

describe('PasswordStrength', () => {
  it('shows nothing until a password is typed', () => {
    const { container } = render(<PasswordStrength password="" />);
    expect(container.innerHTML).toBe('');
  });

  it('takes its place from the first character and gives its verdict there once the estimator has loaded', async () => {
    render(<PasswordStrength password="p" />);
    const meter = screen.getByTestId('password-strength');
    expect(meter.getAttribute('aria-busy')).toBe('true');
    expect(meter.textContent).not.toMatch(/Password strength/);
    expect(await screen.findByText(/Password strength:/, {}, LOAD)).toBeTruthy();
    expect(screen.getByTestId('password-strength')).toBe(meter);
    expect(meter.getAttribute('aria-busy')).toBe('false');
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

  describe('in another language', () => {
    afterEach(() => act(() => $browserLanguages.set(['en'])));

    it('gives its advice in Portuguese', async () => {
      $browserLanguages.set(['pt-BR']);
      render(<PasswordStrength password="password" />);
      expect(await screen.findByText('Esta é uma senha muito usada.', {}, LOAD)).toBeTruthy();
    });

    it('knows Spanish words in Spanish: a password an English list rates fair is weak there', async () => {
      const { unmount } = render(<PasswordStrength password="contraseña" />);
      expect(await screen.findByText('Password strength: Fair', {}, LOAD)).toBeTruthy();
      unmount();
      act(() => $browserLanguages.set(['es-MX']));
      render(<PasswordStrength password="contraseña" />);
      expect(await screen.findByText('Seguridad de la contraseña: Débil', {}, LOAD)).toBeTruthy();
    });

    it('gives its advice in Spanish', async () => {
      $browserLanguages.set(['es']);
      render(<PasswordStrength password="gutierrezfernandez" />);
      expect(await screen.findByText('Nombre y apellidos comunes son fáciles de adivinar.', {}, LOAD)).toBeTruthy();
    });
  });
});
