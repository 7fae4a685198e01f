// P5 UI scale (reuses bench/ui-scale.mjs's page, now lib/ui-page.mjs): a filter keystroke → the painted list on
// a dashboard holding 10k conversations, and opening a 10k-message conversation; baselines: the same
// measurements on a small inbox (200 conversations, 50 messages) in the same browser and run.
import { launchBrowser } from '../lib/browser.mjs';
import { ratio, summarise } from '../lib/stats.mjs';
import { filterScenario, openScenario } from '../lib/ui-page.mjs';

const QUERY = 'lucia silva';

export default {
  id: 'P5',
  title: 'UI scale: filter keystroke → painted list; open a long conversation',
  async run({ sizes, log }) {
    const size = sizes.p5;
    const browser = await launchBrowser();
    try {
      log(
        `P5: filter "${QUERY}" on ${size.conversations} and on ${size.baselineConversations} conversations, ${size.runs} runs each`,
      );
      const big = await filterScenario(browser, size.conversations, QUERY, size.runs);
      const small = await filterScenario(browser, size.baselineConversations, QUERY, size.runs);
      log(
        `P5: open a ${size.messages}-message and a ${size.baselineMessages}-message conversation, ${size.runs} runs each`,
      );
      const longChat = await openScenario(browser, size.messages, size.runs);
      const shortChat = await openScenario(browser, size.baselineMessages, size.runs);
      const row = (label, parleyTimes, baselineTimes) => {
        const parley = summarise(parleyTimes, 1);
        const baseline = summarise(baselineTimes, 1);
        return {
          label,
          unit: 'ms',
          parley,
          baseline,
          ratio: { median: ratio(parley.median, baseline.median), p99: ratio(parley.p99, baseline.p99) },
        };
      };
      return {
        parleyLabel: `the built inbox with ${size.conversations} conversations / a ${size.messages}-message conversation`,
        baselineLabel: `the same page with ${size.baselineConversations} conversations / ${size.baselineMessages} messages`,
        rows: [
          row(
            `filter keystroke "${QUERY}" → painted list (${big.matches} vs ${small.matches} matches)`,
            big.times,
            small.times,
          ),
          row(
            `click a conversation → newest message painted at the bottom (${(longChat.bytes / 1e6).toFixed(1)} MB answer)`,
            longChat.times,
            shortChat.times,
          ),
        ],
        notes: [
          'Headless Chromium; the built shell + remote-inbox with every request answered by page.route from generated data (no server: the browser alone is measured). Time from the input event / click to the frame showing the result, then one more frame.',
        ],
      };
    } finally {
      await browser.close();
    }
  },
};
