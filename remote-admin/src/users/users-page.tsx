import { useStore } from '@nanostores/react';
import {
  $onlineUserIds,
  $profile,
  $realtimeStatus,
  refreshProfile,
  TOAST_MS,
  useToast,
  withServerMessage,
  type PageProps,
  type StaffUser,
} from '@parley/shared';
import { Alert, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { AddUserForm } from './add-user-form';
import { RoundRobinSwitch } from './round-robin-switch';
import { useStaffPage } from './use-staff-page';
import { usersApi, type NewUser, type UserChanges } from './users-api';
import { UsersPager } from './users-pager';
import { UsersTable } from './users-table';
import { USER_TOASTS } from './user-texts';

/** User List (/users, owner): the account's staff, with add, edit, suspend, unsuspend and delete. */
export function UsersPage(_props: PageProps) {
  // One toast at a time, closed when the next action starts: they never pile over the rows' buttons.
  const toast = useToast(TOAST_MS.screen, { oneAtATime: true });
  const staff = useStaffPage();
  const onlineIds = useStore($onlineUserIds);
  const realtimeStatus = useStore($realtimeStatus);
  const profile = useStore($profile);

  // Who "I" am decides which row's Suspend and Delete are off; load it if this visit has not yet.
  useEffect(() => {
    if (!profile) refreshProfile().catch(() => undefined);
  }, [profile]);

  // While the socket is open its 'getOnline' ids are live; otherwise the list's own flag is the best we have.
  const isOnline = (user: StaffUser) => (realtimeStatus === 'open' ? onlineIds.includes(user.id) : user.online);

  /** Runs a call, toasts success or `failure: server message`, reloads the page on success. */
  const act = async (call: () => Promise<unknown>, success: string, failure: string) => {
    toast.close();
    try {
      await call();
    } catch (error) {
      toast.error(withServerMessage(failure, error));
      return false;
    }
    toast.success(success);
    await staff.reload();
    return true;
  };

  const add = (user: NewUser) => act(() => usersApi.add(user), USER_TOASTS.added, USER_TOASTS.addFailed);
  const save = (user: StaffUser, changes: UserChanges) =>
    act(() => usersApi.update(user.id, changes), USER_TOASTS.updated, USER_TOASTS.updateFailed);
  const suspend = (user: StaffUser) =>
    act(() => usersApi.setStatus(user.id, 'hold'), USER_TOASTS.suspended, USER_TOASTS.suspendFailed);
  const unsuspend = (user: StaffUser) =>
    act(() => usersApi.setStatus(user.id, 'active'), USER_TOASTS.activated, USER_TOASTS.activateFailed);
  const remove = (user: StaffUser) =>
    act(() => usersApi.remove(user.id), USER_TOASTS.removed, USER_TOASTS.removeFailed);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        User List
      </Typography.Title>
      {staff.loadError ? (
        <Alert type="error" showIcon title={withServerMessage('Failed to load users', staff.loadError)} />
      ) : null}
      <UsersTable
        users={staff.users}
        loading={staff.loading}
        currentUserId={profile?.id}
        isOnline={isOnline}
        onSave={save}
        onSuspend={suspend}
        onUnsuspend={unsuspend}
        onDelete={remove}
      />
      <UsersPager
        limit={staff.limit}
        page={staff.page}
        lastPage={staff.lastPage}
        onLimitChange={staff.setLimit}
        onPageChange={staff.setPage}
      />
      <RoundRobinSwitch
        onSuccess={(text) => {
          toast.close();
          toast.success(text);
        }}
        onFailure={(text) => {
          toast.close();
          toast.error(text);
        }}
      />
      <AddUserForm onAdd={add} />
    </Space>
  );
}
