import {
  api,
  type NewUserBody,
  type Paged,
  type AccountUser,
  type UserChangesBody,
  type UserStatusBody,
} from '@parley/shared';

/** The User List calls (docs/api.md, Users); every one is owner-only on the server. Bodies are the contract's. */
export type NewUser = NewUserBody;
export type UserChanges = UserChangesBody;
export type SettableStatus = UserStatusBody['status'];

export const usersApi = {
  async list(limit: number, page: number): Promise<Paged<AccountUser>> {
    const { data } = await api.get<Paged<AccountUser>>('/api/account/users', { params: { limit, page } });
    return data;
  },
  async add(user: NewUser): Promise<AccountUser> {
    const { data } = await api.post<AccountUser>('/api/account/users', user);
    return data;
  },
  async update(id: string, changes: UserChanges): Promise<AccountUser> {
    const { data } = await api.put<AccountUser>(`/api/account/users/${encodeURIComponent(id)}`, changes);
    return data;
  },
  async setStatus(id: string, status: SettableStatus): Promise<AccountUser> {
    const { data } = await api.put<AccountUser>(`/api/account/users/${encodeURIComponent(id)}/status`, { status });
    return data;
  },
  async remove(id: string): Promise<void> {
    await api.delete(`/api/account/users/${encodeURIComponent(id)}`);
  },
};
