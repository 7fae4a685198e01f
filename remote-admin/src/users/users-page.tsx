import { useStore } from '@nanostores/react';
import {
  $onlineUserIds,
  $profile,
  $realtimeStatus,
  decodeToken,
  readToken,
  refreshProfile,
  TOAST_MS,
  useToast,
  useTexts,
  withServerMessage,
  type PageProps,
  type AccountUser,
} from '@parley/shared';
import { Alert, Space, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { AddUserForm } from './add-user-form';
import { RoundRobinSwitch } from './round-robin-switch';
import { useUsersPage } from './use-users-page';
import { usersApi, type NewUser, type UserChanges } from './users-api';
import { UsersPager } from './users-pager';
import { UsersTable } from './users-table';
import { texts } from '../i18n';

/** User List (/users, owner): the account's staff, with add, edit, suspend, unsuspend and delete. */
export function UsersPage(_props: PageProps) {
  // One toast at a time, closed when the next action starts: they never pile over the rows' buttons.
  const t = useTexts(texts);
  const toast = useToast(TOAST_MS.screen, { oneAtATime: true });
  const usersPage = useUsersPage();
  const onlineIds = useStore($onlineUserIds);
  const realtimeStatus = useStore($realtimeStatus);
  const profile = useStore($profile);

  // Who "I" am decides which row's Suspend and Delete are off; load it if this visit has not yet.
  useEffect(() => {
    if (!profile) refreshProfile().catch(() => undefined);
  }, [profile]);
  // The session's token says it at once: the list may arrive before the profile, and the owner's own row must
  // not offer Suspend or Delete meanwhile.
  const signedInId = useMemo(() => {
    const token = readToken();
    try {
      return token ? decodeToken(token).sub : undefined;
    } catch {
      return undefined;
    }
  }, []);

  // While the socket is open its 'getOnline' ids are live; otherwise the list's own flag is the best we have.
  const isOnline = (user: AccountUser) => (realtimeStatus === 'open' ? onlineIds.includes(user.id) : user.online);

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
    await usersPage.reload();
    return true;
  };

  const add = (user: NewUser) => act(() => usersApi.add(user), t('users.toasts.added'), t('users.toasts.addFailed'));
  const save = (user: AccountUser, changes: UserChanges) =>
    act(() => usersApi.update(user.id, changes), t('users.toasts.updated'), t('users.toasts.updateFailed'));
  const suspend = (user: AccountUser) =>
    act(() => usersApi.setStatus(user.id, 'hold'), t('users.toasts.suspended'), t('users.toasts.suspendFailed'));
  const unsuspend = (user: AccountUser) =>
    act(() => usersApi.setStatus(user.id, 'active'), t('users.toasts.activated'), t('users.toasts.activateFailed'));
  const remove = (user: AccountUser) =>
    act(() => usersApi.remove(user.id), t('users.toasts.removed'), t('users.toasts.removeFailed'));

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('users.title')}
      </Typography.Title>
      {usersPage.loadError ? (
        <Alert type="error" showIcon title={withServerMessage(t('users.loadFailed'), usersPage.loadError)} />
      ) : null}
      <UsersTable
        users={usersPage.users}
        loading={usersPage.loading}
        currentUserId={profile?.id ?? signedInId}
        isOnline={isOnline}
        onSave={save}
        onSuspend={suspend}
        onUnsuspend={unsuspend}
        onDelete={remove}
      />
      <UsersPager
        limit={usersPage.limit}
        page={usersPage.page}
        lastPage={usersPage.lastPage}
        onLimitChange={usersPage.setLimit}
        onPageChange={usersPage.setPage}
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
