import { act } from '@testing-library/react';
import { updatePersisted } from '@parley/shared';
import { useState } from 'react';
import { DashboardPage } from '../dashboard/dashboard-page';

/** Every address the page navigated to, in order (tests empty it before each test). */
export const navigations: string[] = [];
let moveTo: (search: string) => void = () => undefined;
/** Moves the address as Back/Forward would. */
export const browseTo = (search: string) => moveTo(search);

/** The dashboard as the shell mounts it: `navigate` changes the address, which comes back as `search`. */
export function Routed({ initial = '' }: { initial?: string }) {
  const [search, setSearch] = useState(initial);
  moveTo = (next) => act(() => setSearch(next));
  return (
    <DashboardPage
      params={{}}
      search={search}
      navigate={(to) => {
        navigations.push(to);
        setSearch(to.includes('?') ? to.slice(to.indexOf('?')) : '');
      }}
    />
  );
}

/** Dana, an agent of Acme Shop, is signed in for each test of the file; mocks and recorded addresses reset after it. */
export function withAgentSignedIn(): void {
  beforeEach(() => {
    updatePersisted({
      profile: {
        id: 'u',
        fullName: 'Dana Agent',
        email: 'd@x.io',
        title: '',
        role: 'agent',
        isOwner: false,
        status: 'active',
        account: { id: 'a', name: 'Acme Shop', logo: null },
      },
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    navigations.length = 0;
  });
}
