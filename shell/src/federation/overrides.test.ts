import { applyOverrideParameters, OVERRIDES_KEY, readOverrides } from './overrides';

describe('per-browser version overrides', () => {
  const open = (address: string) => {
    window.history.replaceState(null, '', address);
    return applyOverrideParameters(window.location);
  };
  beforeEach(() => localStorage.clear());

  it('pins a remote from ?override=, keeps it for later visits and takes it out of the address', () => {
    expect(open('/main?override=remote-inbox@1.0.0-3f9a1c2b&tab=open')).toEqual({ 'remote-inbox': '1.0.0-3f9a1c2b' });
    expect(window.location.search).toBe('?tab=open');
    expect(open('/contacts')).toEqual({ 'remote-inbox': '1.0.0-3f9a1c2b' });
  });

  it('unpins one remote with "name@", all with "clear", and ignores malformed values', () => {
    open('/?override=remote-inbox@1.0.0&override=remote-admin@2.0.0');
    expect(open('/?override=remote-inbox@')).toEqual({ 'remote-admin': '2.0.0' });
    expect(open('/?override=clear')).toEqual({});
    expect(localStorage.getItem(OVERRIDES_KEY)).toBeNull();
    expect(open('/?override=remote-inbox@../../x&override=@1.0&override=Bad Name@1.0')).toEqual({});
  });

  it('ignores a tampered stored value', () => {
    localStorage.setItem(OVERRIDES_KEY, '{"remote-inbox":"<script>","remote-auth":"1.0.0"}');
    expect(readOverrides()).toEqual({ 'remote-auth': '1.0.0' });
    localStorage.setItem(OVERRIDES_KEY, 'not json');
    expect(readOverrides()).toEqual({});
  });
});
