___TERMS_OF_SERVICE___

By creating or modifying this file you agree to Google Tag Manager's Community
Template Gallery Developer Terms of Service available at
https://developers.google.com/tag-manager/gallery-tos (or such other URL as
Google may provide), as modified from time to time.


___INFO___

{
  "type": "TAG",
  "id": "cvt_temp_public_id",
  "version": 1,
  "securityGroups": [],
  "displayName": "Porthole chat",
  "categories": [
    "CHAT",
    "UTILITY"
  ],
  "brand": {
    "id": "porthole",
    "displayName": "Porthole"
  },
  "description": "Adds the Porthole chat widget (widget.js from your Porthole backend) after the page has loaded, with its options, a signed-in user and consent mode: it waits for functionality_storage.",
  "containerContexts": [
    "WEB"
  ]
}


___TEMPLATE_PARAMETERS___

[
  {
    "type": "TEXT",
    "name": "backendUrl",
    "displayName": "Porthole backend URL",
    "simpleValueType": true,
    "help": "Your Porthole backend's public address, e.g. https://chat.example.com (widget.js is loaded from it).",
    "valueValidators": [
      {
        "type": "NON_EMPTY"
      },
      {
        "type": "REGEX",
        "args": [
          "^https://[^/?#]+(/[^?#]*)?$"
        ],
        "errorMessage": "An https:// address, like https://chat.example.com"
      }
    ],
    "alwaysInSummary": true
  },
  {
    "type": "CHECKBOX",
    "name": "waitForConsent",
    "checkboxText": "Wait for consent to functionality storage (consent mode)",
    "simpleValueType": true,
    "defaultValue": true,
    "help": "With consent mode, the widget loads only once functionality_storage is granted (at once where it is, or when the visitor grants it later). Without consent mode on the container, it loads at once."
  },
  {
    "type": "GROUP",
    "name": "look",
    "displayName": "Options",
    "groupStyle": "ZIPPY_OPEN",
    "subParams": [
      {
        "type": "TEXT",
        "name": "color",
        "displayName": "Accent colour (optional)",
        "simpleValueType": true,
        "help": "A hex colour like #0f766e (Porthole.setColor). Empty: the site's setting.",
        "valueValidators": [
          {
            "type": "REGEX",
            "args": [
              "^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8}))?$"
            ],
            "errorMessage": "A hex colour like #0f766e"
          }
        ]
      },
      {
        "type": "TEXT",
        "name": "lang",
        "displayName": "Language (optional)",
        "simpleValueType": true,
        "help": "One of the widget's languages, like ru or pt-BR (Porthole.setLanguage); a variable such as the page's language works too. Empty: the site's setting, then the browser's language."
      },
      {
        "type": "CHECKBOX",
        "name": "hideLauncher",
        "checkboxText": "Hide the launcher (the site has its own chat button that calls Porthole.open())",
        "simpleValueType": true,
        "defaultValue": false
      },
      {
        "type": "SIMPLE_TABLE",
        "name": "attributes",
        "displayName": "Visitor attributes (optional)",
        "help": "Custom data for the agents (Porthole.setAttributes): name, email and phone update the visitor's profile; other names ride with the page address.",
        "simpleTableColumns": [
          {
            "defaultValue": "",
            "displayName": "Name",
            "name": "name",
            "type": "TEXT",
            "valueValidators": [
              {
                "type": "REGEX",
                "args": [
                  "^[A-Za-z0-9_-]{1,40}$"
                ]
              }
            ]
          },
          {
            "defaultValue": "",
            "displayName": "Value",
            "name": "value",
            "type": "TEXT"
          }
        ]
      }
    ]
  },
  {
    "type": "GROUP",
    "name": "identity",
    "displayName": "Signed-in user (identity verification)",
    "groupStyle": "ZIPPY_CLOSED",
    "subParams": [
      {
        "type": "LABEL",
        "name": "identityHelp",
        "displayName": "Take these from Data Layer Variables your site pushes for a signed-in user. The hash is the hex HMAC-SHA256 of the user id with the backend's IDENTITY_SECRET, computed on your server: never put the secret in Tag Manager."
      },
      {
        "type": "TEXT",
        "name": "userId",
        "displayName": "User id",
        "simpleValueType": true
      },
      {
        "type": "TEXT",
        "name": "userHash",
        "displayName": "User hash",
        "simpleValueType": true,
        "valueValidators": [
          {
            "type": "REGEX",
            "args": [
              "^([0-9a-fA-F]{64})?$"
            ],
            "errorMessage": "The 64 hex characters your server computed"
          }
        ]
      },
      {
        "type": "TEXT",
        "name": "userName",
        "displayName": "Name (optional)",
        "simpleValueType": true
      },
      {
        "type": "TEXT",
        "name": "userEmail",
        "displayName": "E-mail (optional)",
        "simpleValueType": true
      }
    ]
  }
]


___SANDBOXED_JS_FOR_WEB_TEMPLATE___

// Porthole chat: adds widget.js from the site owner's backend, as the recommended embed
// does, once the visitor has granted functionality storage (consent mode), then passes the
// options through the widget's page API (its calls queue until the widget is up).
const injectScript = require('injectScript');
const callInWindow = require('callInWindow');
const isConsentGranted = require('isConsentGranted');
const addConsentListener = require('addConsentListener');
const makeTableMap = require('makeTableMap');
const logToConsole = require('logToConsole');

const CONSENT = 'functionality_storage';

function widgetUrl(base) {
  let url = base;
  while (url.length > 0 && url.charAt(url.length - 1) === '/') {
    url = url.substring(0, url.length - 1);
  }
  if (url.length >= 10 && url.substring(url.length - 10) === '/widget.js') return url;
  return url + '/widget.js';
}

// The options, through the stubs widget.js installs as it runs (window.Porthole.*).
function applyOptions() {
  if (data.hideLauncher) callInWindow('Porthole.hide');
  if (data.color) callInWindow('Porthole.setColor', data.color);
  if (data.lang) callInWindow('Porthole.setLanguage', data.lang);
  if (data.attributes && data.attributes.length > 0) {
    callInWindow('Porthole.setAttributes', makeTableMap(data.attributes, 'name', 'value'));
  }
  if (data.userId && data.userHash) {
    const user = { id: data.userId, hash: data.userHash };
    if (data.userName) user.name = data.userName;
    if (data.userEmail) user.email = data.userEmail;
    callInWindow('Porthole.identify', user);
  }
}

let started = false;
function start(onSuccess, onFailure) {
  if (started) return;
  started = true;
  injectScript(
    widgetUrl(data.backendUrl),
    function () {
      applyOptions();
      onSuccess();
    },
    function () {
      logToConsole('Porthole: could not load ' + widgetUrl(data.backendUrl));
      onFailure();
    },
    'porthole-widget'
  );
}

if (!data.waitForConsent || isConsentGranted(CONSENT)) {
  start(data.gtmOnSuccess, data.gtmOnFailure);
} else {
  // Not yet: the tag has done its part; the widget follows the visitor's consent.
  addConsentListener(CONSENT, function (consentType, granted) {
    if (granted) start(function () {}, function () {});
  });
  data.gtmOnSuccess();
}


___WEB_PERMISSIONS___

[
  {
    "instance": {
      "key": {
        "publicId": "inject_script",
        "versionId": "1"
      },
      "param": [
        {
          "key": "urls",
          "value": {
            "type": 2,
            "listItem": [
              {
                "type": 1,
                "string": "https://*/widget.js"
              }
            ]
          }
        }
      ]
    },
    "clientAnnotations": {
      "isEditedByUser": true
    },
    "isRequired": true
  },
  {
    "instance": {
      "key": {
        "publicId": "access_globals",
        "versionId": "1"
      },
      "param": [
        {
          "key": "keys",
          "value": {
            "type": 2,
            "listItem": [
              {
                "type": 3,
                "mapKey": [
                  {
                    "type": 1,
                    "string": "key"
                  },
                  {
                    "type": 1,
                    "string": "read"
                  },
                  {
                    "type": 1,
                    "string": "write"
                  },
                  {
                    "type": 1,
                    "string": "execute"
                  }
                ],
                "mapValue": [
                  {
                    "type": 1,
                    "string": "Porthole.setColor"
                  },
                  {
                    "type": 8,
                    "boolean": false
                  },
                  {
                    "type": 8,
                    "boolean": false
                  },
                  {
                    "type": 8,
                    "boolean": true
                  }
                ]
              },
              {
                "type": 3,
                "mapKey": [
                  {
                    "type": 1,
                    "string": "key"
                  },
                  {
                    "type": 1,
                    "string": "read"
                  },
                  {
                    "type": 1,
                    "string": "write"
                  },
                  {
                    "type": 1,
                    "string": "execute"
                  }
                ],
                "mapValue": [
                  {
                    "type": 1,
                    "string": "Porthole.setLanguage"
                  },
                  {
                    "type": 8,
                    "boolean": false
                  },
                  {
                    "type": 8,
                    "boolean": false
                  },
                  {
                    "type": 8,
                    "boolean": true
                  }
                ]
              },
              {
                "type": 3,
                "mapKey": [
                  {
                    "type": 1,
                    "string": "key"
                  },
                  {
                    "type": 1,
                    "string": "read"
                  },
                  {
                    "type": 1,
                    "string": "write"
                  },
                  {
                    "type": 1,
                    "string": "execute"
                  }
                ],
                "mapValue": [
                  {
                    "type": 1,
                    "string": "Porthole.hide"
                  },
                  {
                    "type": 8,
                    "boolean": false
                  },
                  {
                    "type": 8,
                    "boolean": false
                  },
                  {
                    "type": 8,
                    "boolean": true
                  }
                ]
              },
              {
                "type": 3,
                "mapKey": [
                  {
                    "type": 1,
                    "string": "key"
                  },
                  {
                    "type": 1,
                    "string": "read"
                  },
                  {
                    "type": 1,
                    "string": "write"
                  },
                  {
                    "type": 1,
                    "string": "execute"
                  }
                ],
                "mapValue": [
                  {
                    "type": 1,
                    "string": "Porthole.identify"
                  },
                  {
                    "type": 8,
                    "boolean": false
                  },
                  {
                    "type": 8,
                    "boolean": false
                  },
                  {
                    "type": 8,
                    "boolean": true
                  }
                ]
              },
              {
                "type": 3,
                "mapKey": [
                  {
                    "type": 1,
                    "string": "key"
                  },
                  {
                    "type": 1,
                    "string": "read"
                  },
                  {
                    "type": 1,
                    "string": "write"
                  },
                  {
                    "type": 1,
                    "string": "execute"
                  }
                ],
                "mapValue": [
                  {
                    "type": 1,
                    "string": "Porthole.setAttributes"
                  },
                  {
                    "type": 8,
                    "boolean": false
                  },
                  {
                    "type": 8,
                    "boolean": false
                  },
                  {
                    "type": 8,
                    "boolean": true
                  }
                ]
              }
            ]
          }
        }
      ]
    },
    "clientAnnotations": {
      "isEditedByUser": true
    },
    "isRequired": true
  },
  {
    "instance": {
      "key": {
        "publicId": "access_consent",
        "versionId": "1"
      },
      "param": [
        {
          "key": "consentTypes",
          "value": {
            "type": 2,
            "listItem": [
              {
                "type": 3,
                "mapKey": [
                  {
                    "type": 1,
                    "string": "consentType"
                  },
                  {
                    "type": 1,
                    "string": "read"
                  },
                  {
                    "type": 1,
                    "string": "write"
                  }
                ],
                "mapValue": [
                  {
                    "type": 1,
                    "string": "functionality_storage"
                  },
                  {
                    "type": 8,
                    "boolean": true
                  },
                  {
                    "type": 8,
                    "boolean": false
                  }
                ]
              }
            ]
          }
        }
      ]
    },
    "clientAnnotations": {
      "isEditedByUser": true
    },
    "isRequired": true
  },
  {
    "instance": {
      "key": {
        "publicId": "logging",
        "versionId": "1"
      },
      "param": [
        {
          "key": "environments",
          "value": {
            "type": 1,
            "string": "debug"
          }
        }
      ]
    },
    "clientAnnotations": {
      "isEditedByUser": true
    },
    "isRequired": true
  }
]


___TESTS___

scenarios:
- name: Adds widget.js from the backend and succeeds
  code: |-
    runCode(mockData);
    assertThat(loaded).isEqualTo(['https://chat.example.com/widget.js porthole-widget']);
    assertApi('gtmOnSuccess').wasCalled();
    assertApi('gtmOnFailure').wasNotCalled();
    assertApi('callInWindow').wasNotCalled();
- name: Accepts the backend URL with a trailing slash or as widget.js
  code: |-
    mockData.backendUrl = 'https://chat.example.com/';
    runCode(mockData);
    mockData.backendUrl = 'https://chat.example.com/widget.js';
    runCode(mockData);
    assertThat(loaded).isEqualTo(['https://chat.example.com/widget.js porthole-widget', 'https://chat.example.com/widget.js porthole-widget']);
- name: Passes the options and the signed-in user once widget.js has run
  code: |-
    mockData.color = '#0f766e';
    mockData.lang = 'ru';
    mockData.hideLauncher = true;
    mockData.attributes = [{ name: 'plan', value: 'pro' }];
    mockData.userId = 'user-42';
    mockData.userHash = 'abababababababababababababababababababababababababababababababab';
    mockData.userName = 'Jane Doe';
    runCode(mockData);
    assertApi('callInWindow').wasCalledWith('Porthole.hide');
    assertApi('callInWindow').wasCalledWith('Porthole.setColor', '#0f766e');
    assertApi('callInWindow').wasCalledWith('Porthole.setLanguage', 'ru');
    assertApi('callInWindow').wasCalledWith('Porthole.setAttributes', { plan: 'pro' });
    assertApi('callInWindow').wasCalledWith('Porthole.identify', { id: 'user-42', hash: 'abababababababababababababababababababababababababababababababab', name: 'Jane Doe' });
    assertApi('gtmOnSuccess').wasCalled();
- name: Identifies nobody without a hash
  code: |-
    mockData.userId = 'user-42';
    runCode(mockData);
    assertApi('callInWindow').wasNotCalled();
- name: Fails the tag when widget.js cannot load
  code: |-
    mock('injectScript', function (url, onSuccess, onFailure, cacheToken) {
      onFailure();
    });
    runCode(mockData);
    assertApi('gtmOnFailure').wasCalled();
    assertApi('gtmOnSuccess').wasNotCalled();
- name: Waits for functionality_storage, then loads once when it is granted
  code: |-
    let listener;
    mock('isConsentGranted', function (type) {
      return false;
    });
    mock('addConsentListener', function (type, callback) {
      assertThat(type).isEqualTo('functionality_storage');
      listener = callback;
    });
    runCode(mockData);
    assertThat(loaded).isEqualTo([]);
    assertApi('gtmOnSuccess').wasCalled();
    listener('functionality_storage', false);
    assertThat(loaded).isEqualTo([]);
    listener('functionality_storage', true);
    listener('functionality_storage', true);
    assertThat(loaded).isEqualTo(['https://chat.example.com/widget.js porthole-widget']);
- name: Loads at once when consent is granted already
  code: |-
    mock('isConsentGranted', function (type) {
      return type === 'functionality_storage';
    });
    runCode(mockData);
    assertThat(loaded).isEqualTo(['https://chat.example.com/widget.js porthole-widget']);
    assertApi('addConsentListener').wasNotCalled();
- name: Loads at once when told not to wait for consent
  code: |-
    mock('isConsentGranted', function (type) {
      return false;
    });
    mockData.waitForConsent = false;
    runCode(mockData);
    assertThat(loaded).isEqualTo(['https://chat.example.com/widget.js porthole-widget']);
setup: |-
  const mockData = {
    backendUrl: 'https://chat.example.com',
    waitForConsent: true
  };
  const loaded = [];
  mock('injectScript', function (url, onSuccess, onFailure, cacheToken) {
    loaded.push(url + ' ' + cacheToken);
    onSuccess();
  });

___NOTES___

Porthole chat: the tag for Google Tag Manager. Fire it on "Window Loaded" (All Pages, or
the pages that have the chat). Documentation: docs/site-owners/tag-manager.md in the
Porthole repository. Permissions: widget.js from any https host; narrow inject_script's
URL to your backend (https://chat.example.com/widget.js) if you like.
