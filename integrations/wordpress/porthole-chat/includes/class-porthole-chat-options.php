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
 * Two options: `porthole_chat_settings` (an array, the form's fields) and
 * `porthole_chat_identity_secret` (the backend's IDENTITY_SECRET, apart so that it is
 * never part of what the form prints).
 */
final class Porthole_Chat_Options {

	const SETTINGS = 'porthole_chat_settings';
	const SECRET   = 'porthole_chat_identity_secret';
	const GROUP    = 'porthole_chat';

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
	 * @return array{backend_url: string, embed: string, pages: string[], identify: bool}
	 */
	public static function defaults() {
		return array(
			'backend_url' => '',
			'embed'       => 'recommended',
			'pages'       => array_keys( self::page_types() ),
			'identify'    => true,
		);
	}

	/**
	 * The saved settings, each checked again (the database may hold anything).
	 *
	 * @return array{backend_url: string, embed: string, pages: string[], identify: bool}
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
		);
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
