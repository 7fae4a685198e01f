import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChangePasswordForm } from './change-password-form';

afterEach(cleanup);

describe('ChangePasswordForm password strength', () => {
  it('rates the new password only, as it is typed', async () => {
    render(<ChangePasswordForm saving={false} onSave={jest.fn()} onCancel={jest.fn()} />);
    fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: 'old' } });
    expect(screen.queryByTestId('password-strength')).toBeNull();
    fireEvent.change(screen.getByLabelText('New Password'), {
      target: { value: 'velvet-otter juggles 47 quiet lanterns' },
    });
    expect(await screen.findByText('Password strength: Strong', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
