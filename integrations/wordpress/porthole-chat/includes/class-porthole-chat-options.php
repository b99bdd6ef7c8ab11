<?php
/**
 * The plugin's settings: their defaults, how they are read and how input is cleaned.
 *
 * @package PortholeChat
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The options: `porthole_chat_settings` (an array, the form's fields),
 * `porthole_chat_identity_secret` (the backend's IDENTITY_SECRET, apart so that it is
 * never part of what the form prints), `porthole_chat_site_key` (this site's part of its
 * users' chat ids) and, on a site that signed users in before site-scoped ids,
 * `porthole_chat_legacy_max_user` (the newest user id of then).
 */
final class Porthole_Chat_Options {

	const SETTINGS        = 'porthole_chat_settings';
	const SECRET          = 'porthole_chat_identity_secret';
	const SITE_KEY        = 'porthole_chat_site_key';
	const LEGACY_MAX_USER = 'porthole_chat_legacy_max_user';
	const GROUP           = 'porthole_chat';

	/** The embed codes of docs/site-owners/embedding.md. */
	const EMBEDS = array( 'recommended', 'plain' );

	/**
	 * The widget's languages (widget/i18n/language.ts; a test keeps the two equal): a
	 * locale outside them sends no data-lang, so the widget follows the site's setting.
	 */
	const LANGUAGES = array( 'en', 'ru', 'ar', 'he', 'fa', 'zh', 'ja', 'ko', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'uk', 'cs', 'sv', 'da', 'fi', 'nb', 'tr', 'el', 'hu', 'ro', 'bg', 'hr', 'sk', 'sl', 'lt', 'lv', 'et', 'id', 'vi', 'th', 'hi' );

	/**
	 * The kinds of page the chat can be switched on or off for, with their labels. No key
	 * may be numeric ('404'): PHP would make it an integer, which strict comparisons miss.
	 *
	 * @return array<string, string>
	 */
	public static function page_types() {
		return array(
			'front'     => __( 'Front page', 'porthole-chat' ),
			'posts'     => __( 'Posts (and other single entries)', 'porthole-chat' ),
			'pages'     => __( 'Pages', 'porthole-chat' ),
			'archives'  => __( 'Archives (blog index, categories, tags, authors, dates)', 'porthole-chat' ),
			'search'    => __( 'Search results', 'porthole-chat' ),
			'not_found' => __( 'Not found (404)', 'porthole-chat' ),
		);
	}

	/**
	 * The settings as the form saves them, defaults filled in.
	 *
	 * @return array{backend_url: string, embed: string, pages: string[], identify: bool, legacy_ids: bool}
	 */
	public static function defaults() {
		return array(
			'backend_url' => '',
			'embed'       => 'recommended',
			'pages'       => array_keys( self::page_types() ),
			'identify'    => true,
			'legacy_ids'  => true,
		);
	}

	/**
	 * The saved settings, each checked again (the database may hold anything).
	 *
	 * @return array{backend_url: string, embed: string, pages: string[], identify: bool, legacy_ids: bool}
	 */
	public static function get() {
		$saved = get_option( self::SETTINGS, array() );
		if ( ! is_array( $saved ) ) {
			$saved = array();
		}
		$settings = array_merge( self::defaults(), $saved );
		return array(
			'backend_url' => is_string( $settings['backend_url'] ) ? $settings['backend_url'] : '',
			'embed'       => in_array( $settings['embed'], self::EMBEDS, true ) ? $settings['embed'] : 'recommended',
			'pages'       => is_array( $settings['pages'] ) ? array_values( array_intersect( array_keys( self::page_types() ), $settings['pages'] ) ) : array(),
			'identify'    => (bool) $settings['identify'],
			'legacy_ids'  => (bool) $settings['legacy_ids'],
		);
	}

	/** The identity secret, or '' when none was saved. */
	public static function secret() {
		$secret = get_option( self::SECRET, '' );
		return is_string( $secret ) ? $secret : '';
	}

	/**
	 * Cleans the form's settings. An unchecked box is absent from the form, so absent means off.
	 *
	 * @param mixed $input The submitted `porthole_chat_settings` fields.
	 * @return array The settings to store.
	 */
	public static function sanitize_settings( $input ) {
		// options.php has removed WordPress's slashes already: a second wp_unslash() would eat backslashes.
		$input    = is_array( $input ) ? $input : array();
		$previous = self::get();
		$url      = isset( $input['backend_url'] ) ? self::sanitize_backend_url( (string) $input['backend_url'] ) : '';
		if ( is_wp_error( $url ) ) {
			add_settings_error( self::SETTINGS, 'porthole_chat_backend_url', $url->get_error_message() );
			$url = $previous['backend_url'];
		}
		$embed = isset( $input['embed'] ) ? sanitize_key( $input['embed'] ) : '';
		$pages = isset( $input['pages'] ) && is_array( $input['pages'] ) ? array_map( 'sanitize_key', $input['pages'] ) : array();
		return array(
			'backend_url' => $url,
			'embed'       => in_array( $embed, self::EMBEDS, true ) ? $embed : 'recommended',
			'pages'       => array_values( array_intersect( array_keys( self::page_types() ), $pages ) ),
			'identify'    => ! empty( $input['identify'] ),
			// The box is on the form only where there are users of before site-scoped ids.
			'legacy_ids'  => false !== get_option( self::LEGACY_MAX_USER, false ) ? ! empty( $input['legacy_ids'] ) : $previous['legacy_ids'],
		);
	}

	/**
	 * Runs once, on the first request of a version with site-scoped ids: makes the site
	 * key and, when the site has signed users in before (identity on, a secret saved),
	 * records the newest user id of then, so that those users keep the conversation the
	 * chat server holds under their bare id (see chat_user_id()).
	 */
	public static function upgrade() {
		if ( false !== get_option( self::SITE_KEY, false ) ) {
			return;
		}
		$saved = get_option( self::SETTINGS, false );
		if ( is_array( $saved ) && ! empty( $saved['identify'] ) && '' !== self::secret() ) {
			$newest = get_users(
				array(
					'blog_id' => 0,
					'number'  => 1,
					'orderby' => 'ID',
					'order'   => 'DESC',
					'fields'  => 'ID',
				)
			);
			add_option( self::LEGACY_MAX_USER, (int) ( $newest ? $newest[0] : 0 ) );
		}
		// Random, not the site's address: a change of domain keeps everyone's conversation.
		add_option( self::SITE_KEY, strtolower( wp_generate_password( 16, false ) ) );
	}

	/** This site's key in its users' chat ids (made on first use). */
	public static function site_key() {
		self::upgrade();
		$key = get_option( self::SITE_KEY, '' );
		return is_string( $key ) ? $key : '';
	}

	/**
	 * The newest user id that keeps its bare chat id (0: none): set on a site that signed
	 * users in before site-scoped ids, while the setting "Existing users" is on.
	 */
	public static function legacy_max_user() {
		$settings = self::get();
		return $settings['legacy_ids'] ? (int) get_option( self::LEGACY_MAX_USER, 0 ) : 0;
	}

	/**
	 * The id the chat server knows a WordPress user by: `wp:<site key>:<user id>`
	 * (`wp:<site key>-<blog id>:<user id>` on a network), so two sites on one chat server
	 * never share users 1, 2, 3…; the bare user id for a user up to `$legacy_max`.
	 *
	 * @param int    $user_id    The WordPress user's ID.
	 * @param string $site_key   site_key().
	 * @param int    $blog_id    get_current_blog_id() on a network, 0 otherwise.
	 * @param int    $legacy_max legacy_max_user().
	 * @return string
	 */
	public static function scoped_user_id( $user_id, $site_key, $blog_id, $legacy_max ) {
		$user_id = (int) $user_id;
		if ( $user_id <= (int) $legacy_max ) {
			return (string) $user_id;
		}
		$site = $blog_id > 0 ? $site_key . '-' . (int) $blog_id : $site_key;
		return 'wp:' . $site . ':' . $user_id;
	}

	/**
	 * The chat id of a user of this site (scoped_user_id() with this site's key, blog and legacy setting).
	 *
	 * @param int $user_id The WordPress user's ID.
	 * @return string
	 */
	public static function chat_user_id( $user_id ) {
		return self::scoped_user_id( $user_id, self::site_key(), is_multisite() ? get_current_blog_id() : 0, self::legacy_max_user() );
	}

	/**
	 * The backend's base URL from what the site owner typed: http(s) only, without a
	 * trailing slash or `/widget.js` (the embed code's address is accepted too).
	 *
	 * @param string $raw The typed address.
	 * @return string|WP_Error The base URL ('' for none), or why it is refused.
	 */
	public static function sanitize_backend_url( $raw ) {
		$raw = trim( $raw );
		if ( '' === $raw ) {
			return '';
		}
		$url  = esc_url_raw( $raw, array( 'http', 'https' ) );
		$host = wp_parse_url( $url, PHP_URL_HOST );
		if ( '' === $url || empty( $host ) || wp_parse_url( $url, PHP_URL_QUERY ) || wp_parse_url( $url, PHP_URL_FRAGMENT ) ) {
			return new WP_Error(
				'porthole_chat_backend_url',
				__( 'The chat server address must be an http:// or https:// address such as https://chat.example.com, without ?query or #fragment. The previous address was kept.', 'porthole-chat' )
			);
		}
		$url = preg_replace( '#/widget\.js$#', '', $url );
		return untrailingslashit( $url );
	}

	/**
	 * Cleans the identity secret: an empty field keeps the saved secret (the form never
	 * shows it); the "forget" box removes it.
	 *
	 * @param mixed $input The submitted secret.
	 * @return string The secret to store.
	 */
	public static function sanitize_secret( $input ) {
		// The Settings API has checked the form's nonce and the capability before this runs.
		// phpcs:ignore WordPress.Security.NonceVerification.Missing
		if ( ! empty( $_POST['porthole_chat_forget_secret'] ) ) {
			return '';
		}
		$secret = is_string( $input ) ? trim( $input ) : '';
		if ( '' === $secret ) {
			return self::secret();
		}
		return $secret;
	}

	/**
	 * The widget's language for a WordPress locale (`de_DE_formal` → `de-DE`), or '' when
	 * the widget does not speak it.
	 *
	 * @param string $locale A locale such as get_locale() returns.
	 */
	public static function widget_language( $locale ) {
		$parts = explode( '_', str_replace( '-', '_', (string) $locale ) );
		$base  = strtolower( $parts[0] );
		if ( ! in_array( $base, self::LANGUAGES, true ) ) {
			return '';
		}
		if ( isset( $parts[1] ) && preg_match( '/^[A-Za-z]{2}$/', $parts[1] ) ) {
			return $base . '-' . strtoupper( $parts[1] );
		}
		return $base;
	}
}
