import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { reloadAnswers, type ServerAnswer } from './use-server-answer';

interface ListStateProps<Answer> {
  answer: ServerAnswer<Answer>;
  /** The address Retry asks again. */
  url: string;
  loadFailed: string;
  /** Shown until the first answer arrives. */
  waiting: ReactNode;
  empty: string;
  isEmpty(answer: Answer): boolean;
  children(answer: Answer): ReactNode;
}

/** A list page's body: the failure with Retry, something while waiting, the empty text, else the list itself. */
export function ListState<Answer>(props: ListStateProps<Answer>): ReactNode {
  const { data, error } = props.answer;
  if (error) return <LoadError text={props.loadFailed} onRetry={() => reloadAnswers(props.url)} />;
  if (!data) return props.waiting;
  if (props.isEmpty(data)) return <Typography.Text>{props.empty}</Typography.Text>;
  return props.children(data);
}
