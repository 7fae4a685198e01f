import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { api } from '@parley/shared';
import { App as AntdApp } from 'antd';
import { RoundRobinSwitch } from './round-robin-switch';

const ROUND_ROBIN_TEXTS = {
  label: 'Assign new conversations automatically (round-robin among online staff)',
  loadFailed: 'Failed to load the assignment setting',
  turnedOn: 'New conversations are now assigned automatically',
  turnedOff: 'New conversations are no longer assigned automatically',
  changeFailed: 'Failed to change the assignment setting',
};
import { answer, httpError } from './test-support';

jest.setTimeout(30_000);

const renderSwitch = () => {
  const onSuccess = jest.fn();
  const onFailure = jest.fn();
  render(
    <AntdApp>
      <RoundRobinSwitch onSuccess={onSuccess} onFailure={onFailure} />
    </AntdApp>,
  );
  return { onSuccess, onFailure };
};
const theSwitch = () => screen.getByRole('switch', { name: ROUND_ROBIN_TEXTS.label });

beforeEach(() => jest.restoreAllMocks());

describe('round robin switch', () => {
  it('shows the account’s setting once loaded', async () => {
    const get = jest.spyOn(api, 'get').mockResolvedValue(answer({ roundRobin: true }));
    renderSwitch();
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(get).toHaveBeenCalledWith('/api/account/round-robin');
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(false);
  });

  it('turns it on and off, saying so', async () => {
    jest.spyOn(api, 'get').mockResolvedValue(answer({ roundRobin: false }));
    const put = jest
      .spyOn(api, 'put')
      .mockResolvedValueOnce(answer({ roundRobin: true }))
      .mockResolvedValueOnce(answer({ roundRobin: false }));
    const { onSuccess } = renderSwitch();
    await waitFor(() => expect((theSwitch() as HTMLButtonElement).disabled).toBe(false));
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');

    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(put).toHaveBeenLastCalledWith('/api/account/round-robin', { roundRobin: true });
    expect(onSuccess).toHaveBeenLastCalledWith(ROUND_ROBIN_TEXTS.turnedOn);

    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('false'));
    expect(put).toHaveBeenLastCalledWith('/api/account/round-robin', { roundRobin: false });
    expect(onSuccess).toHaveBeenLastCalledWith(ROUND_ROBIN_TEXTS.turnedOff);
  });

  it('keeps the old value and reports the server’s message when the change fails', async () => {
    jest.spyOn(api, 'get').mockResolvedValue(answer({ roundRobin: false }));
    jest.spyOn(api, 'put').mockRejectedValue(httpError(403, { message: 'Forbidden' }));
    const { onFailure, onSuccess } = renderSwitch();
    await waitFor(() => expect((theSwitch() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(theSwitch());
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(`${ROUND_ROBIN_TEXTS.changeFailed}: Forbidden`));
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('stays off and disabled when the setting cannot be loaded', async () => {
    jest.spyOn(api, 'get').mockRejectedValue(httpError());
    const { onFailure } = renderSwitch();
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(ROUND_ROBIN_TEXTS.loadFailed));
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(true);
  });
});
