//! The bot's configuration, read from the environment.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tarock_table::{Clock, SystemClock};

/// Why the configuration cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// `DISCORD_TOKEN` is missing or empty.
    #[error("DISCORD_TOKEN is not set")]
    NoToken,
    /// `DISCORD_API_URL` is not an http(s) URL.
    #[error("DISCORD_API_URL is not an http(s) URL: {0}")]
    BadApiUrl(String),
    /// `DISCORD_GUILD_ID` is not a number.
    #[error("DISCORD_GUILD_ID is not a server id: {0}")]
    BadGuild(String),
    /// A retention setting (`TAROCK_KEEP_*`) does not read.
    #[error(transparent)]
    Retention(#[from] tarock_table::maintenance::MaintenanceError),
    /// `TAROCK_METRICS_ADDR` is not an address.
    #[error(transparent)]
    MetricsAddr(#[from] tarock_ops::MetricsAddrError),
    /// `TAROCK_SEND_RATE` is not a whole number.
    #[error(transparent)]
    SendRate(#[from] tarock_ops::SendRateError),
    /// `DISCORD_SHARDS` is not `FIRST-LAST/TOTAL` (or `ID/TOTAL`).
    #[error("DISCORD_SHARDS is not FIRST-LAST/TOTAL like 0-1/4, with FIRST ≤ LAST < TOTAL: {0}")]
    BadShards(String),
}

/// The gateway shards this process runs: `first..=last` of `total`.
/// Discord sends a server's events to shard `(server_id >> 22) % total`;
/// REST calls (all sending) work from any process, so the outbox is
/// delivered by whichever process claims it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The first shard id run here.
    pub first: u32,
    /// The last shard id run here (inclusive).
    pub last: u32,
    /// How many shards the bot has in all processes together.
    pub total: u32,
}

impl std::str::FromStr for Shards {
    type Err = ConfigError;

    /// `FIRST-LAST/TOTAL` (`0-1/4`: shards 0 and 1 of 4) or `ID/TOTAL`.
    fn from_str(text: &str) -> Result<Shards, ConfigError> {
        let bad = || ConfigError::BadShards(text.to_owned());
        let (range, total) = text.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        let shards = Shards {
            first: number(first)?,
            last: number(last)?,
            total: number(total)?,
        };
        if shards.first > shards.last || shards.last >= shards.total {
            return Err(bad());
        }
        Ok(shards)
    }
}

/// Everything [`crate::run`] needs.
#[derive(Clone)]
pub struct Config {
    /// The bot token from the Discord developer portal.
    pub token: String,
    /// Where REST requests go instead of `https://discord.com` (a local fake
    /// in tests); the gateway address then comes from its `/gateway`.
    pub api_url: Option<String>,
    /// The database: a file path, `sqlite://FILE` or `postgres://…`.
    pub database: String,
    /// What the housekeeping keeps, and how often it runs
    /// (`TAROCK_KEEP_SENT`, `TAROCK_KEEP_UPDATES`, `TAROCK_KEEP_FAILED`).
    pub maintenance: tarock_table::maintenance::Maintenance,
    /// Register the slash commands in this server only (they appear at
    /// once; global ones can take a while), for development.
    pub guild_id: Option<u64>,
    /// A fixed seed for the shuffles and the computer players, for tests
    /// only: anyone who knows it knows every hand. `None` (the default, and
    /// all the environment can give) shuffles every deal from fresh OS
    /// entropy.
    pub fixed_seed: Option<u64>,
    /// The service's clock.
    pub clock: Arc<dyn Clock>,
    /// How often the outbox is looked at when nothing wakes the deliverer.
    pub delivery_interval: Duration,
    /// The least time between two edits of a table message: versions in
    /// between are merged (Discord allows about five messages per five
    /// seconds in a channel).
    pub edit_interval: Duration,
    /// The most messages the outbox sends a second, over all chats
    /// (`TAROCK_SEND_RATE`)
    /// (Discord allows a bot 50 requests a second; several tables are delivered at once). 0: no limit.
    pub send_rate: u32,
    /// How long an interaction is worked on before it is acknowledged
    /// first; Discord needs the first answer within three seconds. Zero:
    /// always acknowledge first.
    pub answer_within: Duration,
    /// Whether to register the slash commands at start.
    pub register_commands: bool,
    /// Where metrics and the health check are served
    /// (`TAROCK_METRICS_ADDR`); `None`, the default, serves none.
    pub metrics_addr: Option<SocketAddr>,
    /// The gateway shards of this process (`DISCORD_SHARDS`); `None`, the
    /// default, runs the one shard of a bot in fewer than 2 500 servers.
    pub shards: Option<Shards>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the token.
        f.debug_struct("Config")
            .field("api_url", &self.api_url)
            .field("database", &self.database)
            .field("guild_id", &self.guild_id)
            .field("fixed_seed", &self.fixed_seed.map(|_| "set"))
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
            guild_id: None,
            fixed_seed: None,
            clock: Arc::new(SystemClock),
            delivery_interval: Duration::from_millis(500),
            edit_interval: Duration::from_millis(1500),
            send_rate: 45,
            answer_within: Duration::from_millis(2000),
            register_commands: true,
            metrics_addr: None,
            shards: None,
        }
    }

    /// Reads `DISCORD_TOKEN`, `DISCORD_API_URL`, `DISCORD_GUILD_ID` and
    /// `TAROCK_DATABASE` (default `tarock.db`) and the retention settings
    /// (`TAROCK_KEEP_*`, see [`tarock_table::maintenance`]) through `var`.
    ///
    /// # Errors
    /// Without a token, or with an API URL or guild id that does not parse.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let set = |name: &str| {
            var(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let token = set("DISCORD_TOKEN").ok_or(ConfigError::NoToken)?;
        let mut config = Config::new(token);
        if let Some(url) = set("DISCORD_API_URL") {
            let parsed = url::Url::parse(&url).map_err(|_| ConfigError::BadApiUrl(url.clone()))?;
            if !matches!(parsed.scheme(), "http" | "https") {
                return Err(ConfigError::BadApiUrl(url));
            }
            config.api_url = Some(url.trim_end_matches('/').to_owned());
        }
        if let Some(guild) = set("DISCORD_GUILD_ID") {
            config.guild_id = Some(
                guild
                    .parse()
                    .ok()
                    .filter(|g| *g > 0)
                    .ok_or(ConfigError::BadGuild(guild))?,
            );
        }
        if let Some(db) = set("TAROCK_DATABASE") {
            config.database = db;
        }
        config.maintenance = tarock_table::maintenance::Maintenance::from_vars(&var)?;
        config.metrics_addr = tarock_ops::metrics_addr(&var)?;
        config.send_rate = tarock_ops::send_rate(&var, config.send_rate)?;
        if let Some(shards) = set("DISCORD_SHARDS") {
            config.shards = Some(shards.parse()?);
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_ranges_read_and_nonsense_is_refused() {
        let shards = |s: &str| s.parse::<Shards>();
        assert_eq!(
            shards("0-1/4").unwrap(),
            Shards {
                first: 0,
                last: 1,
                total: 4
            }
        );
        assert_eq!(
            shards("3/4").unwrap(),
            Shards {
                first: 3,
                last: 3,
                total: 4
            }
        );
        for bad in ["4/4", "2-1/4", "0-4/4", "0-1", "a-b/c", "-1/4", "0-1/0", ""] {
            assert!(
                matches!(shards(bad), Err(ConfigError::BadShards(_))),
                "{bad}"
            );
        }
        let vars = |name: &str| match name {
            "DISCORD_TOKEN" => Some("t".to_owned()),
            "DISCORD_SHARDS" => Some("2-3/4".to_owned()),
            _ => None,
        };
        assert_eq!(Config::from_vars(vars).unwrap().shards.unwrap().first, 2);
        assert!(Config::new("t").shards.is_none());
    }

    fn env(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn the_environment_is_read_with_defaults() {
        assert!(matches!(
            Config::from_vars(env(&[])),
            Err(ConfigError::NoToken)
        ));
        assert!(matches!(
            Config::from_vars(env(&[("DISCORD_TOKEN", " ")])),
            Err(ConfigError::NoToken)
        ));
        let c = Config::from_vars(env(&[("DISCORD_TOKEN", "abc.def")])).unwrap();
        assert_eq!(c.token, "abc.def");
        assert_eq!(c.database, "tarock.db");
        assert_eq!((c.api_url, c.guild_id), (None, None));
        let c = Config::from_vars(env(&[
            ("DISCORD_TOKEN", "abc"),
            ("DISCORD_API_URL", "http://127.0.0.1:9000/"),
            ("DISCORD_GUILD_ID", "123"),
            ("TAROCK_DATABASE", "x.db"),
        ]))
        .unwrap();
        assert_eq!(c.api_url.as_deref(), Some("http://127.0.0.1:9000"));
        assert_eq!(c.guild_id, Some(123));
        assert_eq!(c.database, "x.db");
        assert_eq!(c.send_rate, 45);
        let c = Config::from_vars(env(&[("DISCORD_TOKEN", "abc"), ("TAROCK_SEND_RATE", "20")]))
            .unwrap();
        assert_eq!(c.send_rate, 20);
        for (name, value) in [
            ("TAROCK_SEND_RATE", "fast"),
            ("DISCORD_API_URL", "not a url"),
            ("DISCORD_API_URL", "ftp://x"),
            ("DISCORD_GUILD_ID", "abc"),
            ("DISCORD_GUILD_ID", "0"),
        ] {
            let pairs: &'static [(&str, &str)] =
                Box::leak(Box::new([("DISCORD_TOKEN", "abc"), (name, value)]));
            assert!(Config::from_vars(env(pairs)).is_err(), "{name}={value}");
        }
        // The token never shows in debug output.
        assert!(!format!("{:?}", Config::new("secret-token")).contains("secret-token"));
    }

    /// Production deals come from OS entropy: no default and no variable of
    /// the environment gives a fixed seed, and a fixed seed set by a test
    /// is not printed.
    #[test]
    fn production_shuffles_from_entropy_and_no_seed_is_printed() {
        assert_eq!(Config::new("t").fixed_seed, None);
        let vars = |name: &str| match name {
            "DISCORD_TOKEN" => Some("t".to_owned()),
            "TAROCK_SEED" | "TAROCK_FIXED_SEED" | "SEED" => Some("4242".to_owned()),
            _ => None,
        };
        assert_eq!(Config::from_vars(vars).unwrap().fixed_seed, None);
        let mut c = Config::new("t");
        c.fixed_seed = Some(987_654_321);
        assert!(!format!("{c:?}").contains("987654321"));
    }
}
