<?php
/**
 * The chat on the site's pages: the embed code in the footer, the site's language and the
 * logged-in user's verified identity.
 *
 * @package PortholeChat
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** Prints the embed code at wp_footer on the kinds of page the site owner chose. */
final class Porthole_Chat_Embed {

	/** Set at logout: the next page tells the widget to forget the signed-out user's chat. */
	const SIGNED_OUT_COOKIE = 'porthole_chat_signed_out';

	/** Hooks the footer and the logout. */
	public static function register() {
		add_action( 'wp_footer', array( __CLASS__, 'print_embed' ), 100 );
		add_action( 'wp_logout', array( __CLASS__, 'remember_sign_out' ) );
	}

	/**
	 * The kind of page being shown, one of Porthole_Chat_Options::page_types()'s keys.
	 *
	 * @return string
	 */
	public static function current_page_type() {
		if ( is_front_page() ) {
			return 'front';
		}
		if ( is_404() ) {
			return 'not_found';
		}
		if ( is_search() ) {
			return 'search';
		}
		if ( is_page() ) {
			return 'pages';
		}
		if ( is_singular() ) {
			return 'posts';
		}
		return 'archives';
	}

	/** Prints the embed code (and the user's identity) when the chat is on for this page. */
	public static function print_embed() {
		$settings = Porthole_Chat_Options::get();
		if ( '' === $settings['backend_url'] || ! in_array( self::current_page_type(), $settings['pages'], true ) ) {
			return;
		}
		$src        = $settings['backend_url'] . '/widget.js';
		$attributes = array();
		$language   = Porthole_Chat_Options::widget_language( get_locale() );
		if ( '' !== $language ) {
			$attributes['data-lang'] = $language;
		}

		$calls = self::queued_calls( $settings );
		if ( array() !== $calls ) {
			self::print_inline( 'porthole-chat-queue', 'window.Porthole=window.Porthole||{q:[]};Porthole.q.push(' . implode( ',', $calls ) . ');' );
		}
		if ( 'plain' === $settings['embed'] ) {
			$tag = array(
				'src'   => esc_url( $src ),
				'async' => true,
			);
			self::print_tag( array_merge( $tag, $attributes ) );
			return;
		}
		// The recommended embed of docs/site-owners/embedding.md: widget.js 250 ms after the page's load.
		self::print_inline(
			'porthole-chat-embed',
			'(function(d,u,a){function go(){setTimeout(function(){var s=d.createElement(\'script\');s.src=u;for(var k in a)s.setAttribute(k,a[k]);d.body.appendChild(s)},250)}d.readyState==\'complete\'?go():addEventListener(\'load\',go)})(document,'
			. self::json( esc_url_raw( $src ) ) . ',' . self::json( (object) $attributes ) . ')'
		);
	}

	/**
	 * The calls queued for the widget: `identify` for a logged-in user when identity
	 * verification is on and a secret is set; `clearHistory` on the first page after a logout.
	 *
	 * @param array $settings Porthole_Chat_Options::get().
	 * @return string[] Each call as a JSON array.
	 */
	private static function queued_calls( $settings ) {
		$calls  = array();
		$secret = Porthole_Chat_Options::secret();
		if ( is_user_logged_in() ) {
			if ( $settings['identify'] && '' !== $secret ) {
				$calls[] = self::json( array( 'identify', self::identity( wp_get_current_user(), $secret ) ) );
			}
		} elseif ( isset( $_COOKIE[ self::SIGNED_OUT_COOKIE ] ) ) {
			// A signed-out user's conversation must not stay on a shared computer.
			$calls[] = self::json( array( 'clearHistory' ) );
			self::print_inline( 'porthole-chat-signed-out', 'document.cookie=' . self::json( self::SIGNED_OUT_COOKIE . '=; Max-Age=0; path=' . COOKIEPATH ) . ';' );
		}
		return $calls;
	}

	/**
	 * What `identify` gets for a user: the site-scoped id (Porthole_Chat_Options::chat_user_id()),
	 * its hash (hex HMAC-SHA256 of the id with the backend's IDENTITY_SECRET, as
	 * docs/integrators/http-api.md defines it), name and e-mail.
	 *
	 * @param WP_User $user   The logged-in user.
	 * @param string  $secret The backend's IDENTITY_SECRET.
	 * @return array{id: string, hash: string, name?: string, email?: string}
	 */
	public static function identity( $user, $secret ) {
		$id       = Porthole_Chat_Options::chat_user_id( $user->ID );
		$identity = array(
			'id'   => $id,
			'hash' => hash_hmac( 'sha256', $id, $secret ),
		);
		if ( '' !== (string) $user->display_name ) {
			$identity['name'] = (string) $user->display_name;
		}
		if ( is_email( $user->user_email ) ) {
			$identity['email'] = (string) $user->user_email;
		}
		return $identity;
	}

	/** Remembers a logout until the next page (see queued_calls). */
	public static function remember_sign_out() {
		if ( ! headers_sent() ) {
			setcookie( self::SIGNED_OUT_COOKIE, '1', time() + 10 * MINUTE_IN_SECONDS, COOKIEPATH, COOKIE_DOMAIN, is_ssl(), false );
		}
	}

	/**
	 * JSON safe inside a <script> element (no `</script>`, no HTML-special characters).
	 *
	 * @param mixed $value Anything wp_json_encode takes.
	 */
	private static function json( $value ) {
		return (string) wp_json_encode( $value, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}

	/**
	 * An inline script, through WordPress (5.7+) so that a CSP plugin can add its nonce.
	 *
	 * @param string $id   The element's id.
	 * @param string $code JavaScript built from self::json() values only.
	 */
	private static function print_inline( $id, $code ) {
		wp_print_inline_script_tag( $code, array( 'id' => $id ) );
	}

	/**
	 * A <script src> tag; WordPress escapes each attribute (esc_attr).
	 *
	 * @param array $attributes The tag's attributes.
	 */
	private static function print_tag( $attributes ) {
		wp_print_script_tag( $attributes );
	}
}
