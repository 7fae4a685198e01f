import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AddUserForm } from './add-user-form';

afterEach(cleanup);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('AddUserForm password strength', () => {
  it('rates the password as the owner types it, and still adds a weak one', async () => {
    const onAdd = jest.fn().mockResolvedValue(true);
    render(<AddUserForm onAdd={onAdd} />);
    type('Full Name', 'Grace Hopper');
    type('Title', 'Support');
    type('Email', 'grace@example.test');
    type('Password', 'grace hopper');
    // Her own name as a password: very weak, and said so.
    expect(await screen.findByText('Password strength: Very weak', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({
        fullName: 'Grace Hopper',
        title: 'Support',
        email: 'grace@example.test',
        password: 'grace hopper',
      }),
    );
  });
});
