import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@nns/shared/validators';
import type { Rule } from 'antd/es/form';

/** The server's password rule (packages/shared), as antd form rules. */
export const passwordRules = (label: string): Rule[] => [
  { required: true, message: MESSAGES.required(label) },
  { min: PASSWORD_MIN, message: MESSAGES.password },
  { max: PASSWORD_MAX, message: MESSAGES.password },
];
