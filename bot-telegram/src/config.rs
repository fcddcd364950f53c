//! The bot's configuration, read from the environment.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tarock_table::{Clock, SystemClock};
use url::Url;

/// Why the configuration cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// `TELOXIDE_TOKEN` is missing or empty.
    #[error("TELOXIDE_TOKEN is not set")]
    NoToken,
    /// `TELOXIDE_API_URL` is not a URL.
    #[error("TELOXIDE_API_URL is not a URL: {0}")]
    BadApiUrl(String),
    /// A retention setting (`TAROCK_KEEP_*`) does not read.
    #[error(transparent)]
    Retention(#[from] tarock_table::maintenance::MaintenanceError),
    /// `TAROCK_METRICS_ADDR` is not an address.
    #[error(transparent)]
    MetricsAddr(#[from] tarock_ops::MetricsAddrError),
    /// `TAROCK_SEND_RATE` is not a whole number.
    #[error(transparent)]
    SendRate(#[from] tarock_ops::SendRateError),
    /// `TELEGRAM_WEBHOOK_URL` is not an HTTPS URL.
    #[error("TELEGRAM_WEBHOOK_URL must be an https:// URL: {0}")]
    BadWebhookUrl(String),
    /// `TELEGRAM_WEBHOOK_LISTEN` is not an address.
    #[error("TELEGRAM_WEBHOOK_LISTEN is not an address like 0.0.0.0:8443: {0}")]
    BadWebhookListen(String),
    /// Webhook mode without a usable `TELEGRAM_WEBHOOK_SECRET`.
    #[error(
        "TELEGRAM_WEBHOOK_SECRET must be set in webhook mode: 1–256 characters of A-Z, a-z, 0-9, _ and -"
    )]
    BadWebhookSecret,
}

/// Everything [`crate::run`] needs.
#[derive(Clone)]
pub struct Config {
    /// The bot token from BotFather.
    pub token: String,
    /// The Bot API base URL; `None` for Telegram's own.
    pub api_url: Option<Url>,
    /// The database: a file path, `sqlite://FILE` or `postgres://…`.
    pub database: String,
    /// What the housekeeping keeps, and how often it runs
    /// (`TAROCK_KEEP_SENT`, `TAROCK_KEEP_UPDATES`, `TAROCK_KEEP_FAILED`).
    pub maintenance: tarock_table::maintenance::Maintenance,
    /// A fixed seed for the shuffles and the computer players, for tests
    /// only: anyone who knows it knows every hand. `None` (the default, and
    /// all the environment can give) shuffles every deal from fresh OS
    /// entropy.
    pub fixed_seed: Option<u64>,
    /// The service's clock.
    pub clock: Arc<dyn Clock>,
    /// How long one `getUpdates` long poll may wait.
    pub poll_timeout: Duration,
    /// How often the outbox is looked at when nothing wakes the deliverer.
    pub delivery_interval: Duration,
    /// The least time between two versions of a table message: edits in
    /// between are merged into the newest (Telegram allows about 20
    /// messages a minute in a group).
    pub edit_interval: Duration,
    /// The most messages the outbox sends a second, over all chats
    /// (`TAROCK_SEND_RATE`)
    /// (Telegram asks bots to stay under about 30 messages a second; several tables are delivered at once). 0: no limit.
    pub send_rate: u32,
    /// Whether to delete a webhook at start (long polling needs none).
    pub delete_webhook: bool,
    /// Whether to register the command menu (`setMyCommands`) at start.
    pub register_commands: bool,
    /// A test hook (`TAROCK_TEST_HALT_AFTER_RECEIPT=1`): the bot stops
    /// taking updates right after it received the first non-empty batch,
    /// before handling or confirming any of it, as if killed there. A new
    /// process reads the batch again.
    pub halt_after_receipt: bool,
    /// Where metrics and the health check are served
    /// (`TAROCK_METRICS_ADDR`); `None`, the default, serves none.
    pub metrics_addr: Option<SocketAddr>,
    /// Webhook mode (`TELEGRAM_WEBHOOK_URL` set); `None`, the default,
    /// takes updates by long polling.
    pub webhook: Option<crate::webhook::Webhook>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the token.
        f.debug_struct("Config")
            .field("api_url", &self.api_url)
            .field("database", &self.database)
            .field("fixed_seed", &self.fixed_seed.map(|_| "set"))
            .field("metrics_addr", &self.metrics_addr)
            .field("webhook", &self.webhook)
            .finish_non_exhaustive()
    }
}

impl Config {
    /// A configuration with defaults for everything but the token.
    pub fn new(token: impl Into<String>) -> Config {
        Config {
            token: token.into(),
            api_url: None,
            database: "tarock.db".to_owned(),
            maintenance: tarock_table::maintenance::Maintenance::default(),
            fixed_seed: None,
            clock: Arc::new(SystemClock),
            poll_timeout: Duration::from_secs(10),
            delivery_interval: Duration::from_millis(500),
            edit_interval: Duration::from_secs(3),
            send_rate: 30,
            delete_webhook: true,
            register_commands: true,
            halt_after_receipt: false,
            metrics_addr: None,
            webhook: None,
        }
    }

    /// Reads `TELOXIDE_TOKEN`, `TELOXIDE_API_URL` and `TAROCK_DATABASE`
    /// (default `tarock.db`) through `var`.
    ///
    /// # Errors
    /// Without a token, or with an API URL that does not parse.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let token = var("TELOXIDE_TOKEN")
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .ok_or(ConfigError::NoToken)?;
        let mut config = Config::new(token);
        if let Some(url) = var("TELOXIDE_API_URL").filter(|u| !u.trim().is_empty()) {
            config.api_url =
                Some(Url::parse(url.trim()).map_err(|_| ConfigError::BadApiUrl(url.clone()))?);
        }
        if let Some(db) = var("TAROCK_DATABASE").filter(|d| !d.trim().is_empty()) {
            config.database = db;
        }
        config.halt_after_receipt = var("TAROCK_TEST_HALT_AFTER_RECEIPT").is_some_and(|v| v == "1");
        config.maintenance = tarock_table::maintenance::Maintenance::from_vars(&var)?;
        config.metrics_addr = tarock_ops::metrics_addr(&var)?;
        config.send_rate = tarock_ops::send_rate(&var, config.send_rate)?;
        config.webhook = webhook_from_vars(&var)?;
        Ok(config)
    }

    /// [`Config::from_vars`] on the process environment.
    ///
    /// # Errors
    /// As [`Config::from_vars`].
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_vars(|name| std::env::var(name).ok())
    }
}

/// The listen address when `TELEGRAM_WEBHOOK_LISTEN` is not set: all
/// interfaces, on 8443 (one of the ports Telegram posts to, so a proxy is
/// optional).
pub const DEFAULT_WEBHOOK_LISTEN: &str = "0.0.0.0:8443";

/// Webhook mode from `TELEGRAM_WEBHOOK_URL`, `TELEGRAM_WEBHOOK_LISTEN` and
/// `TELEGRAM_WEBHOOK_SECRET`; `None` when the URL is not set.
fn webhook_from_vars(
    var: &impl Fn(&str) -> Option<String>,
) -> Result<Option<crate::webhook::Webhook>, ConfigError> {
    let set = |name: &str| {
        var(name)
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let Some(url) = set("TELEGRAM_WEBHOOK_URL") else {
        return Ok(None);
    };
    let parsed = Url::parse(&url)
        .ok()
        .filter(|u| u.scheme() == "https" && u.host().is_some())
        .ok_or_else(|| ConfigError::BadWebhookUrl(url.clone()))?;
    let listen_text =
        set("TELEGRAM_WEBHOOK_LISTEN").unwrap_or_else(|| DEFAULT_WEBHOOK_LISTEN.into());
    let listen = listen_text
        .parse()
        .map_err(|_| ConfigError::BadWebhookListen(listen_text.clone()))?;
    let secret = set("TELEGRAM_WEBHOOK_SECRET")
        .filter(|s| crate::webhook::valid_secret(s))
        .ok_or(ConfigError::BadWebhookSecret)?;
    Ok(Some(crate::webhook::Webhook {
        url: parsed,
        listen,
        secret,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_is_read_with_defaults() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        assert!(matches!(
            Config::from_vars(env(&[])),
            Err(ConfigError::NoToken)
        ));
        assert!(matches!(
            Config::from_vars(env(&[("TELOXIDE_TOKEN", "  ")])),
            Err(ConfigError::NoToken)
        ));
        let c = Config::from_vars(env(&[("TELOXIDE_TOKEN", "1:abc")])).unwrap();
        assert_eq!(c.token, "1:abc");
        assert_eq!(c.database, "tarock.db");
        assert!(c.api_url.is_none());
        let c = Config::from_vars(env(&[
            ("TELOXIDE_TOKEN", "1:abc"),
            ("TELOXIDE_API_URL", "http://127.0.0.1:8081"),
            ("TAROCK_DATABASE", "x.db"),
        ]))
        .unwrap();
        assert_eq!(c.api_url.unwrap().as_str(), "http://127.0.0.1:8081/");
        assert_eq!(c.database, "x.db");
        assert!(matches!(
            Config::from_vars(env(&[
                ("TELOXIDE_TOKEN", "1:abc"),
                ("TELOXIDE_API_URL", "not a url")
            ])),
            Err(ConfigError::BadApiUrl(_))
        ));
        // The token never shows in debug output.
        assert!(!format!("{:?}", Config::new("secret-token")).contains("secret-token"));
    }

    #[test]
    fn webhook_mode_needs_an_https_url_and_a_secret_and_polling_is_the_default() {
        let with = |pairs: Vec<(&'static str, &'static str)>| {
            Config::from_vars(move |name: &str| {
                std::iter::once(("TELOXIDE_TOKEN", "1:abc"))
                    .chain(pairs.iter().copied())
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_owned())
            })
        };
        let polling = with(vec![]).unwrap();
        assert!(polling.webhook.is_none());
        assert!(polling.metrics_addr.is_none());
        let hook = with(vec![
            ("TELEGRAM_WEBHOOK_URL", "https://bot.example/tg"),
            ("TELEGRAM_WEBHOOK_SECRET", "s3cr3t_-"),
            ("TAROCK_METRICS_ADDR", "127.0.0.1:9100"),
        ])
        .unwrap();
        let webhook = hook.webhook.as_ref().unwrap();
        assert_eq!(webhook.url.path(), "/tg");
        assert_eq!(webhook.listen.to_string(), DEFAULT_WEBHOOK_LISTEN);
        assert_eq!(hook.metrics_addr.unwrap().port(), 9100);
        // The secret is never printed.
        assert!(!format!("{hook:?}").contains("s3cr3t"));
        assert!(matches!(
            with(vec![
                ("TELEGRAM_WEBHOOK_URL", "http://bot.example/tg"),
                ("TELEGRAM_WEBHOOK_SECRET", "s")
            ]),
            Err(ConfigError::BadWebhookUrl(_))
        ));
        assert!(matches!(
            with(vec![("TELEGRAM_WEBHOOK_URL", "https://bot.example/tg")]),
            Err(ConfigError::BadWebhookSecret)
        ));
        assert!(matches!(
            with(vec![
                ("TELEGRAM_WEBHOOK_URL", "https://bot.example/tg"),
                ("TELEGRAM_WEBHOOK_SECRET", "no spaces")
            ]),
            Err(ConfigError::BadWebhookSecret)
        ));
        assert!(matches!(
            with(vec![
                ("TELEGRAM_WEBHOOK_URL", "https://bot.example/tg"),
                ("TELEGRAM_WEBHOOK_SECRET", "s"),
                ("TELEGRAM_WEBHOOK_LISTEN", "8443")
            ]),
            Err(ConfigError::BadWebhookListen(_))
        ));
        assert!(matches!(
            with(vec![("TAROCK_METRICS_ADDR", "nine")]),
            Err(ConfigError::MetricsAddr(_))
        ));
        assert_eq!(polling.send_rate, 30);
        assert_eq!(
            with(vec![("TAROCK_SEND_RATE", "15")]).unwrap().send_rate,
            15
        );
        assert!(matches!(
            with(vec![("TAROCK_SEND_RATE", "fast")]),
            Err(ConfigError::SendRate(_))
        ));
    }

    /// Production deals come from OS entropy: no default and no variable of
    /// the environment gives a fixed seed, and a fixed seed set by a test
    /// is not printed.
    #[test]
    fn production_shuffles_from_entropy_and_no_seed_is_printed() {
        assert_eq!(Config::new("t").fixed_seed, None);
        let vars = |name: &str| match name {
            "TELOXIDE_TOKEN" => Some("t".to_owned()),
            "TAROCK_SEED" | "TAROCK_FIXED_SEED" | "SEED" => Some("4242".to_owned()),
            _ => None,
        };
        assert_eq!(Config::from_vars(vars).unwrap().fixed_seed, None);
        let mut c = Config::new("t");
        c.fixed_seed = Some(987_654_321);
        assert!(!format!("{c:?}").contains("987654321"));
    }
}
