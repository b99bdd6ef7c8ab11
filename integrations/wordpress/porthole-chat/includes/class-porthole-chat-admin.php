<?php
/**
 * Settings → Porthole Chat: the settings form (Settings API) and Test connection.
 *
 * @package PortholeChat
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** The settings page. Only users who can manage options see it, save it or test it. */
final class Porthole_Chat_Admin {

	const PAGE        = 'porthole-chat';
	const TEST_ACTION = 'porthole_chat_test_connection';

	/** Hooks the page, its settings and the test's handler. */
	public static function register() {
		add_action( 'admin_menu', array( __CLASS__, 'add_page' ) );
		add_action( 'admin_init', array( __CLASS__, 'register_settings' ) );
		add_action( 'admin_post_' . self::TEST_ACTION, array( __CLASS__, 'handle_test' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( PORTHOLE_CHAT_FILE ), array( __CLASS__, 'action_links' ) );
	}

	/** Adds Settings → Porthole Chat. */
	public static function add_page() {
		add_options_page(
			__( 'Porthole Chat', 'porthole-chat' ),
			__( 'Porthole Chat', 'porthole-chat' ),
			'manage_options',
			self::PAGE,
			array( __CLASS__, 'render_page' )
		);
	}

	/**
	 * A "Settings" link on the Plugins screen.
	 *
	 * @param string[] $links The plugin's action links.
	 * @return string[]
	 */
	public static function action_links( $links ) {
		$url = admin_url( 'options-general.php?page=' . self::PAGE );
		array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'porthole-chat' ) . '</a>' );
		return $links;
	}

	/** The options, their sanitising and the form's fields (saved by options.php: nonce and capability checked there). */
	public static function register_settings() {
		register_setting(
			Porthole_Chat_Options::GROUP,
			Porthole_Chat_Options::SETTINGS,
			array(
				'type'              => 'array',
				'sanitize_callback' => array( 'Porthole_Chat_Options', 'sanitize_settings' ),
				'default'           => Porthole_Chat_Options::defaults(),
				'show_in_rest'      => false,
			)
		);
		register_setting(
			Porthole_Chat_Options::GROUP,
			Porthole_Chat_Options::SECRET,
			array(
				'type'              => 'string',
				'sanitize_callback' => array( 'Porthole_Chat_Options', 'sanitize_secret' ),
				'default'           => '',
				'show_in_rest'      => false,
			)
		);

		add_settings_section( 'porthole_chat_widget', __( 'The chat on your site', 'porthole-chat' ), '__return_false', self::PAGE );
		add_settings_field( 'porthole_chat_backend_url', __( 'Chat server address', 'porthole-chat' ), array( __CLASS__, 'field_backend_url' ), self::PAGE, 'porthole_chat_widget', array( 'label_for' => 'porthole_chat_backend_url' ) );
		add_settings_field( 'porthole_chat_pages', __( 'Show the chat on', 'porthole-chat' ), array( __CLASS__, 'field_pages' ), self::PAGE, 'porthole_chat_widget' );
		add_settings_field( 'porthole_chat_embed', __( 'Embed code', 'porthole-chat' ), array( __CLASS__, 'field_embed' ), self::PAGE, 'porthole_chat_widget' );

		add_settings_section( 'porthole_chat_identity', __( 'Logged-in users', 'porthole-chat' ), array( __CLASS__, 'section_identity' ), self::PAGE );
		add_settings_field( 'porthole_chat_identify', __( 'Identity verification', 'porthole-chat' ), array( __CLASS__, 'field_identify' ), self::PAGE, 'porthole_chat_identity' );
		add_settings_field( 'porthole_chat_identity_secret', __( 'Identity secret', 'porthole-chat' ), array( __CLASS__, 'field_secret' ), self::PAGE, 'porthole_chat_identity', array( 'label_for' => 'porthole_chat_identity_secret' ) );
		// Only on a site that signed users in before site-scoped ids (Porthole_Chat_Options::upgrade()).
		if ( false !== get_option( Porthole_Chat_Options::LEGACY_MAX_USER, false ) ) {
			add_settings_field( 'porthole_chat_legacy_ids', __( 'Existing users', 'porthole-chat' ), array( __CLASS__, 'field_legacy_ids' ), self::PAGE, 'porthole_chat_identity' );
		}
	}

	/** The "keep existing users' conversations" box (bare ids for the users of before the update). */
	public static function field_legacy_ids() {
		$settings = Porthole_Chat_Options::get();
		printf(
			'<label><input type="checkbox" name="%1$s[legacy_ids]" value="1"%2$s /> %3$s</label>',
			esc_attr( Porthole_Chat_Options::SETTINGS ),
			checked( $settings['legacy_ids'], true, false ),
			esc_html__( 'Keep the chat conversations of the users registered before this version (they keep their bare user id)', 'porthole-chat' )
		);
		echo '<p class="description">' . esc_html__( 'Users who register from now on chat under an id of this site alone. If another site sends its users to the same chat server, keep this on for at most one of the sites: the other sites\' users 1, 2, 3 would share those conversations.', 'porthole-chat' ) . '</p>';
	}

	/** The backend URL field. */
	public static function field_backend_url() {
		$settings = Porthole_Chat_Options::get();
		printf(
			'<input type="url" class="regular-text code" id="porthole_chat_backend_url" name="%1$s[backend_url]" value="%2$s" placeholder="https://chat.example.com" />',
			esc_attr( Porthole_Chat_Options::SETTINGS ),
			esc_attr( $settings['backend_url'] )
		);
		echo '<p class="description">' . esc_html__( 'The address of your Porthole chat server (its widget.js is loaded from there). Add this site\'s address to the server\'s ALLOWED_ORIGINS.', 'porthole-chat' ) . '</p>';
	}

	/** The page type checkboxes. */
	public static function field_pages() {
		$settings = Porthole_Chat_Options::get();
		echo '<fieldset><legend class="screen-reader-text">' . esc_html__( 'Show the chat on', 'porthole-chat' ) . '</legend>';
		foreach ( Porthole_Chat_Options::page_types() as $type => $label ) {
			printf(
				'<label><input type="checkbox" name="%1$s[pages][]" value="%2$s"%3$s /> %4$s</label><br />',
				esc_attr( Porthole_Chat_Options::SETTINGS ),
				esc_attr( $type ),
				checked( in_array( $type, $settings['pages'], true ), true, false ),
				esc_html( $label )
			);
		}
		echo '</fieldset>';
	}

	/** The embed choice. */
	public static function field_embed() {
		$settings = Porthole_Chat_Options::get();
		$choices  = array(
			'recommended' => __( 'Recommended: load the chat after the page (no cost to your page\'s speed scores)', 'porthole-chat' ),
			'plain'       => __( 'Plain script tag (for a Content-Security-Policy without inline scripts)', 'porthole-chat' ),
		);
		echo '<fieldset><legend class="screen-reader-text">' . esc_html__( 'Embed code', 'porthole-chat' ) . '</legend>';
		foreach ( $choices as $value => $label ) {
			printf(
				'<label><input type="radio" name="%1$s[embed]" value="%2$s"%3$s /> %4$s</label><br />',
				esc_attr( Porthole_Chat_Options::SETTINGS ),
				esc_attr( $value ),
				checked( $settings['embed'], $value, false ),
				esc_html( $label )
			);
		}
		echo '</fieldset>';
	}

	/** What identity verification does. */
	public static function section_identity() {
		echo '<p>' . esc_html__( 'Signed-in users chat under their account: one conversation on every device, and agents see their name and e-mail. WordPress proves who they are with a signature made from the identity secret, which never leaves this server.', 'porthole-chat' ) . '</p>';
	}

	/** The identify on/off box. */
	public static function field_identify() {
		$settings = Porthole_Chat_Options::get();
		printf(
			'<label><input type="checkbox" name="%1$s[identify]" value="1"%2$s /> %3$s</label>',
			esc_attr( Porthole_Chat_Options::SETTINGS ),
			checked( $settings['identify'], true, false ),
			esc_html__( 'Sign logged-in users in to the chat with their user id, name and e-mail', 'porthole-chat' )
		);
	}

	/** The secret: a password field that never shows the saved value. */
	public static function field_secret() {
		$saved = '' !== Porthole_Chat_Options::secret();
		printf(
			'<input type="password" class="regular-text code" id="porthole_chat_identity_secret" name="%1$s" value="" autocomplete="new-password" placeholder="%2$s" />',
			esc_attr( Porthole_Chat_Options::SECRET ),
			esc_attr( $saved ? __( 'Saved (hidden)', 'porthole-chat' ) : __( 'Not set', 'porthole-chat' ) )
		);
		echo '<p class="description">' . esc_html__( 'The chat server\'s IDENTITY_SECRET. It is stored in this site\'s database and never printed on a page, not even here: leave the field empty to keep the saved one.', 'porthole-chat' ) . '</p>';
		if ( $saved ) {
			echo '<p><label><input type="checkbox" name="porthole_chat_forget_secret" value="1" /> ' . esc_html__( 'Remove the saved secret', 'porthole-chat' ) . '</label></p>';
		}
	}

	/** Settings → Porthole Chat. */
	public static function render_page() {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage these settings.', 'porthole-chat' ), 403 );
		}
		echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
		self::render_test_result();
		echo '<form method="post" action="' . esc_url( admin_url( 'options.php' ) ) . '">';
		settings_fields( Porthole_Chat_Options::GROUP );
		do_settings_sections( self::PAGE );
		submit_button();
		echo '</form>';

		echo '<h2>' . esc_html__( 'Test connection', 'porthole-chat' ) . '</h2>';
		echo '<p>' . esc_html__( 'Checks, from this server, that the chat server answers and that it accepts the saved identity secret.', 'porthole-chat' ) . '</p>';
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
		echo '<input type="hidden" name="action" value="' . esc_attr( self::TEST_ACTION ) . '" />';
		wp_nonce_field( self::TEST_ACTION );
		submit_button( __( 'Test connection', 'porthole-chat' ), 'secondary', 'porthole_chat_test', false );
		echo '</form></div>';
	}

	/** Runs Test connection (admin-post.php), keeps its result for this user a minute and returns to the page. */
	public static function handle_test() {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage these settings.', 'porthole-chat' ), 403 );
		}
		check_admin_referer( self::TEST_ACTION );
		$settings = Porthole_Chat_Options::get();
		$lines    = Porthole_Chat_Connection::test( $settings['backend_url'], Porthole_Chat_Options::secret(), $settings['identify'], home_url() );
		set_transient( self::result_key(), $lines, MINUTE_IN_SECONDS );
		wp_safe_redirect( add_query_arg( 'porthole-chat-tested', '1', admin_url( 'options-general.php?page=' . self::PAGE ) ) );
		exit;
	}

	/** The result of the last Test connection, once, as admin notices. */
	private static function render_test_result() {
		$lines = get_transient( self::result_key() );
		if ( ! is_array( $lines ) ) {
			return;
		}
		delete_transient( self::result_key() );
		foreach ( $lines as $line ) {
			$level = in_array( $line['level'], array( 'success', 'warning', 'error' ), true ) ? $line['level'] : 'error';
			printf(
				'<div class="notice notice-%1$s porthole-chat-test"><p>%2$s</p></div>',
				esc_attr( $level ),
				esc_html( $line['message'] )
			);
		}
	}

	/** The transient holding this user's test result. */
	private static function result_key() {
		return 'porthole_chat_test_' . get_current_user_id();
	}
}
