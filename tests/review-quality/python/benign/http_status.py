from http import HTTPStatus
print(HTTPStatus.OK)
