// The JSON a webhook receives: Slack's incoming-webhook shape (a `text` fallback and Block Kit
// blocks), which Slack, Mattermost, Rocket.Chat and Microsoft Teams' Slack-compatible
// connectors all accept, plus the signal itself under `dataworks` for receivers of our own.
import { signalKindLabels, type Signal } from '@common/signals/signalTypes';

/** Slack's mrkdwn treats these three characters as markup; everything else is shown as is. */
function escapeMrkdwn(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function slackBody(signal: Signal, context: { ruleName: string; portalUrl: string; isTest: boolean }) {
  const link = signal.link ? new URL(signal.link, context.portalUrl).href : null;
  const headline = `${context.isTest ? '[Test] ' : ''}${signal.title}`;
  const text = [headline, signal.body, link ? `Open in Dataworks: ${link}` : ''].filter(Boolean).join('\n');
  return {
    text,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: headline.slice(0, 150), emoji: false } },
      ...(signal.body ? [{ type: 'section', text: { type: 'mrkdwn', text: escapeMrkdwn(signal.body).slice(0, 3000) } }] : []),
      {
        type: 'context',
        elements: [
          {
            type: 'mrkdwn',
            text: escapeMrkdwn(`${signalKindLabels[signal.kind]} · severity ${signal.severity} · rule "${context.ruleName}"`),
          },
        ],
      },
      ...(link
        ? [{ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in Dataworks' }, url: link }] }]
        : []),
    ],
    dataworks: { ...signal, rule: context.ruleName, test: context.isTest },
  };
}
