// Written by fluent-endpoint openapi from "examples/recipes/swagger/pets.yaml": do not edit.
import { routeTable } from "fluent-endpoint/openapi";

export const routes = routeTable({
  "GET /pets": {
    "url": "/pets{?limit*,status*}",
    "parameters": {
      "limit": "query",
      "tags": {
        "style": "pipeDelimited",
        "explode": false
      },
      "status": "query"
    },
    "accept": "application/json",
    "security": [
      [
        "api_key"
      ]
    ]
  },
  "POST /pets": {
    "url": "/pets",
    "parameters": {
      "name": "body",
      "tag": "body"
    },
    "body": {
      "type": "application/json"
    },
    "security": [
      [
        "api_key"
      ]
    ]
  },
  "POST /pets/{petId}": {
    "url": "/pets/{petId}",
    "parameters": {
      "petId": "path",
      "name": "body",
      "nicknames": "body"
    },
    "body": {
      "type": "application/x-www-form-urlencoded",
      "encoding": {
        "nicknames": {
          "style": "form",
          "explode": false
        }
      }
    },
    "security": [
      [
        "api_key"
      ]
    ],
    "summary": "Updates a pet with form data"
  },
  "PUT /pets/{petId}/photo": {
    "url": "/pets/{petId}/photo",
    "parameters": {
      "petId": "path",
      "photo": "body",
      "caption": "body"
    },
    "body": {
      "type": "multipart/form-data"
    },
    "security": [
      [
        "api_key"
      ]
    ]
  }
}, {
  "server": {
    "url": "https://pets.example.com/v2"
  },
  "securitySchemes": {
    "api_key": {
      "type": "apiKey",
      "in": "header",
      "name": "X-Api-Key"
    }
  }
});
