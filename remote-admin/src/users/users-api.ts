import {
  api,
  type NewUserBody,
  type Paged,
  type StaffUser,
  type UserChangesBody,
  type UserStatusBody,
} from '@parley/shared';

/** The staff calls (docs/api.md, Staff); every one is owner-only on the server. Bodies are the contract's. */
export type NewUser = NewUserBody;
export type UserChanges = UserChangesBody;
export type SettableStatus = UserStatusBody['status'];

export const usersApi = {
  async list(limit: number, page: number): Promise<Paged<StaffUser>> {
    const { data } = await api.get<Paged<StaffUser>>('/api/account/users', { params: { limit, page } });
    return data;
  },
  async add(user: NewUser): Promise<StaffUser> {
    const { data } = await api.post<StaffUser>('/api/account/users', user);
    return data;
  },
  async update(id: string, changes: UserChanges): Promise<StaffUser> {
    const { data } = await api.put<StaffUser>(`/api/account/users/${encodeURIComponent(id)}`, changes);
    return data;
  },
  async setStatus(id: string, status: SettableStatus): Promise<StaffUser> {
    const { data } = await api.put<StaffUser>(`/api/account/users/${encodeURIComponent(id)}/status`, { status });
    return data;
  },
  async remove(id: string): Promise<void> {
    await api.delete(`/api/account/users/${encodeURIComponent(id)}`);
  },
};
