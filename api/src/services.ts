import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import type { Config } from './config';
import { ApiTokensService } from './modules/api-tokens/api-tokens.service';
import { AuthService } from './modules/auth/auth.service';
import { KeysService } from './modules/keys/keys.service';
import { MailService } from './modules/mail/mail.service';
import { NotificationsService } from './modules/notifications/notifications.service';
import { LocalDiskStorage, type FileStorage } from './modules/storage/file-storage';
import { UsersService } from './modules/users/users.service';

/** The service layer: the only place rules live. GraphQL resolvers and REST routes both call it. */
export type Services = {
  config: Config;
  mail: MailService;
  storage: FileStorage;
  auth: AuthService;
  users: UsersService;
  keys: KeysService;
  notifications: NotificationsService;
  apiTokens: ApiTokensService;
};

export function createServices(config: Config, log: FastifyBaseLogger): Services {
  const mail = new MailService({ smtpUrl: config.smtpUrl, from: config.mailFrom }, log);
  const storage = new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
  return {
    config,
    mail,
    storage,
    auth: new AuthService(config, mail),
    users: new UsersService(storage, config.avatarMaxBytes),
    keys: new KeysService(),
    notifications: new NotificationsService(),
    apiTokens: new ApiTokensService(),
  };
}
