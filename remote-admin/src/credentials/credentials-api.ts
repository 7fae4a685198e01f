import { api, type Credentials } from '@parley/shared';
import type { OnboardPayload } from './signup-join';

/** What the browser needs for the embedded sign-up; served publicly by the server from its config. */
export interface SignupConfig {
  fbAppId: string | null;
  fbConfigId: string | null;
  fbSdkUrl: string;
  /** Origin whose WA_EMBEDDED_SIGNUP messages are trusted besides facebook.com (the sandbox's fake SDK). */
  fbSdkOrigin: string;
}

export const credentialsApi = {
  async signupConfig(): Promise<SignupConfig> {
    const { data } = await api.get<SignupConfig>('/api/public-config');
    return data;
  },
  async setCredentials(credentials: Credentials): Promise<void> {
    await api.post('/api/account/credentials', credentials);
  },
  async firstOnboard(payload: OnboardPayload): Promise<void> {
    await api.post('/api/user/first-onboard', payload);
  },
};
