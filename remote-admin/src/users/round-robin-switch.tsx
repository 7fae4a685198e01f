import { api, useTexts, withServerMessage, type RoundRobinBody, type RoundRobinSetting } from '@parley/shared';
import { Card, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { texts } from '../i18n';

/** The owner's round robin calls (docs/api.md#round-robin); owner-only on the server. */
export const roundRobinApi = {
  async get(): Promise<RoundRobinSetting> {
    const { data } = await api.get<RoundRobinSetting>('/api/account/round-robin');
    return data;
  },
  async set(roundRobin: boolean): Promise<RoundRobinSetting> {
    const body: RoundRobinBody = { roundRobin };
    const { data } = await api.put<RoundRobinSetting>('/api/account/round-robin', body);
    return data;
  },
};

export interface RoundRobinSwitchProps {
  onSuccess(text: string): void;
  onFailure(text: string): void;
}

/** The account's round robin switch (issue #21), on the User List where the owner sees who is online. */
export function RoundRobinSwitch({ onSuccess, onFailure }: RoundRobinSwitchProps) {
  const t = useTexts(texts);
  const [roundRobin, setValue] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    roundRobinApi.get().then(
      (setting) => current && setValue(setting.roundRobin === true),
      (error: unknown) => current && onFailure(withServerMessage(t('users.roundRobin.loadFailed'), error)),
    );
    return () => {
      current = false;
    };
    // Loaded once per visit; the callbacks only report.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = async (next: boolean) => {
    setSaving(true);
    try {
      const saved = await roundRobinApi.set(next);
      setValue(saved.roundRobin);
      onSuccess(saved.roundRobin ? t('users.roundRobin.turnedOn') : t('users.roundRobin.turnedOff'));
    } catch (error) {
      onFailure(withServerMessage(t('users.roundRobin.changeFailed'), error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('users.roundRobin.title')} size="small">
      <Space orientation="vertical" size="small">
        <Space>
          <Switch
            id="round-robin"
            checked={roundRobin === true}
            disabled={roundRobin === null}
            loading={saving}
            onChange={(next) => void change(next)}
          />
          <label htmlFor="round-robin">{t('users.roundRobin.label')}</label>
        </Space>
        <Typography.Text type="secondary">{t('users.roundRobin.help')}</Typography.Text>
      </Space>
    </Card>
  );
}
