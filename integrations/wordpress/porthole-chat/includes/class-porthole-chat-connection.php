<?php
/**
 * "Test connection": asks the chat server, from this server, whether it is reachable and
 * whether the identity secret is the one it verifies with.
 *
 * @package PortholeChat
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** The checks behind the settings page's Test connection button. */
final class Porthole_Chat_Connection {

	/** The user id the secret check signs; nothing is stored for it on the backend. */
	const CHECK_ID = 'porthole-wordpress-check';

	/**
	 * Runs the checks.
	 *
	 * @param string $backend_url The chat server's base URL.
	 * @param string $secret      The identity secret ('' for none).
	 * @param bool   $identify    Whether identity verification is switched on.
	 * @param string $site_url    The site's address (home_url()): its origin must be allowed.
	 * @return array<int, array{level: string, message: string}> One line per finding: level
	 *               'success', 'warning' or 'error' (the admin notice classes).
	 */
	public static function test( $backend_url, $secret, $identify, $site_url ) {
		if ( '' === $backend_url ) {
			return array( self::line( 'error', __( 'Enter the chat server address and save the settings first.', 'porthole-chat' ) ) );
		}
		$lines  = array();
		$origin = self::origin( $site_url );
		if ( 'https' === wp_parse_url( $site_url, PHP_URL_SCHEME ) && 'http' === wp_parse_url( $backend_url, PHP_URL_SCHEME ) ) {
			$lines[] = self::line( 'error', __( 'This site is on https:// but the chat server address is http://: browsers block the chat on your pages. Use the server\'s https:// address.', 'porthole-chat' ) );
		}
		// With the site's Origin, as visitors' browsers send it: the server refuses origins it does not allow.
		$config = wp_remote_get(
			$backend_url . '/api/config',
			array(
				'timeout' => 10,
				'headers' => array( 'Origin' => $origin ),
			)
		);
		if ( is_wp_error( $config ) ) {
			/* translators: 1: the chat server address, 2: the error */
			$lines[] = self::line( 'error', sprintf( __( 'The chat server at %1$s cannot be reached from this WordPress server: %2$s', 'porthole-chat' ), $backend_url, $config->get_error_message() ) );
			return $lines;
		}
		$status = (int) wp_remote_retrieve_response_code( $config );
		$body   = json_decode( wp_remote_retrieve_body( $config ), true );
		if ( 403 === $status && is_array( $body ) && isset( $body['error']['code'] ) && 'origin_not_allowed' === $body['error']['code'] ) {
			/* translators: 1: the chat server address, 2: this site's origin, e.g. https://shop.example.com */
			$lines[] = self::line( 'error', sprintf( __( 'The chat server at %1$s answers but does not allow this site: add %2$s to its ALLOWED_ORIGINS, or the chat cannot start on your pages.', 'porthole-chat' ), $backend_url, $origin ) );
			return $lines;
		}
		if ( 200 !== $status || ! is_array( $body ) ) {
			/* translators: 1: the chat server address, 2: an HTTP status code */
			$lines[] = self::line( 'error', sprintf( __( '%1$s answered HTTP %2$d and no chat settings: check that this is the address of your Porthole chat server.', 'porthole-chat' ), $backend_url, $status ) );
			return $lines;
		}
		/* translators: %s: the chat server address */
		$lines[] = self::line( 'success', sprintf( __( 'The chat server at %s is reachable.', 'porthole-chat' ), $backend_url ) );

		if ( '' === $secret ) {
			if ( $identify ) {
				$lines[] = self::line( 'warning', __( 'No identity secret is set: logged-in users chat as guests. Paste the chat server\'s IDENTITY_SECRET to sign them in.', 'porthole-chat' ) );
			}
			return $lines;
		}
		$lines[] = self::check_secret( $backend_url, $secret );
		return $lines;
	}

	/**
	 * Asks POST /api/identity/check whether a hash made with `$secret` is accepted.
	 *
	 * @param string $backend_url The chat server's base URL.
	 * @param string $secret      The identity secret.
	 * @return array{level: string, message: string}
	 */
	private static function check_secret( $backend_url, $secret ) {
		$response = wp_remote_post(
			$backend_url . '/api/identity/check',
			array(
				'timeout' => 10,
				'headers' => array( 'Content-Type' => 'application/json' ),
				'body'    => wp_json_encode(
					array(
						'id'   => self::CHECK_ID,
						'hash' => hash_hmac( 'sha256', self::CHECK_ID, $secret ),
					)
				),
			)
		);
		if ( is_wp_error( $response ) ) {
			/* translators: %s: the error */
			return self::line( 'error', sprintf( __( 'The identity secret could not be checked: %s', 'porthole-chat' ), $response->get_error_message() ) );
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		$body   = json_decode( wp_remote_retrieve_body( $response ), true );
		$code   = is_array( $body ) && isset( $body['error']['code'] ) ? (string) $body['error']['code'] : '';
		if ( 200 === $status ) {
			return self::line( 'success', __( 'The identity secret is right: the chat server accepts the users this site signs in.', 'porthole-chat' ) );
		}
		if ( 401 === $status && 'invalid_identity' === $code ) {
			return self::line( 'error', __( 'The chat server refused the identity secret: it is not the server\'s IDENTITY_SECRET. Until you paste the right one, logged-in users are not signed in to the chat: they chat as guests.', 'porthole-chat' ) );
		}
		if ( 'identity_not_configured' === $code ) {
			return self::line( 'error', __( 'The chat server has no IDENTITY_SECRET: ask its operator to set one, or remove the secret here.', 'porthole-chat' ) );
		}
		if ( 429 === $status ) {
			return self::line( 'warning', __( 'Too many checks from this server: try again in a minute.', 'porthole-chat' ) );
		}
		if ( 404 === $status ) {
			return self::line( 'warning', __( 'This chat server cannot check the secret (it is older than this plugin): update Porthole.', 'porthole-chat' ) );
		}
		/* translators: %d: an HTTP status code */
		return self::line( 'error', sprintf( __( 'The identity secret could not be checked: the chat server answered HTTP %d.', 'porthole-chat' ), $status ) );
	}

	/**
	 * The origin of a URL (scheme, host and a port other than the scheme's), as browsers send it.
	 *
	 * @param string $url An absolute http(s) URL.
	 */
	public static function origin( $url ) {
		$scheme = (string) wp_parse_url( $url, PHP_URL_SCHEME );
		$port   = wp_parse_url( $url, PHP_URL_PORT );
		$origin = $scheme . '://' . strtolower( (string) wp_parse_url( $url, PHP_URL_HOST ) );
		if ( $port && ! ( ( 'http' === $scheme && 80 === $port ) || ( 'https' === $scheme && 443 === $port ) ) ) {
			$origin .= ':' . $port;
		}
		return $origin;
	}

	/**
	 * One finding.
	 *
	 * @param string $level   'success', 'warning' or 'error'.
	 * @param string $message What to tell the site owner.
	 * @return array{level: string, message: string}
	 */
	private static function line( $level, $message ) {
		return array(
			'level'   => $level,
			'message' => $message,
		);
	}
}
